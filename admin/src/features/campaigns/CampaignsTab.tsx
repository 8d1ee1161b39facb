import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EXPORT_NAMES, type Campaign } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { CampaignEditor } from './CampaignEditor.js';
import { campaignColumns, campaignFilters } from './columns.js';
import { useGetCampaignsQuery } from './campaignsApi.js';

/** Newsletters and show announcements: the list, and the editor of one (`?campaign=id`). */
export function CampaignsTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error } = useGetCampaignsQuery(query.args, { pollingInterval: 5000 });
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const toast = useToast();
  const opened = Number(params.get('campaign')) || null;

  useEffect(() => {
    if (error) toast.error('Failed to load campaigns', error);
  }, [error, toast]);

  const open = useMemo(
    () => (campaign: Campaign) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('campaign', String(campaign.id));
        return next;
      }),
    [setParams],
  );
  const columns = useMemo(() => campaignColumns(open), [open]);
  const close = () => {
    setCreating(false);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('campaign');
      return next;
    });
  };

  return (
    <>
      <DataTable<Campaign>
        name={EXPORT_NAMES.campaigns}
        label="campaigns"
        exportPath="/admin/campaigns/export"
        query={query}
        page={data}
        loading={isFetching}
        columns={columns}
        filters={campaignFilters}
        searchPlaceholder="Search subject"
        emptyText="No campaigns yet"
        primaryAction={
          <Button type="primary" onClick={() => setCreating(true)}>
            New campaign
          </Button>
        }
      />
      {(creating || opened !== null) && (
        <CampaignEditor key={opened ?? 'new'} id={opened} onClose={close} />
      )}
    </>
  );
}
