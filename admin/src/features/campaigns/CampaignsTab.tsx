import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EXPORT_NAMES, type Campaign } from '@artist/contracts';
import { Button } from 'antd';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import { CampaignEditor } from './CampaignEditor.js';
import { campaignColumns, campaignFilters } from './columns.js';
import { useGetCampaignsQuery } from './campaignsApi.js';

/** Newsletters and show announcements: the list, and the editor of one (`?campaign=id`). */
const campaignsList: ListDefinition<Campaign> = {
  name: EXPORT_NAMES.campaigns,
  label: 'campaigns',
  exportPath: '/admin/campaigns/export',
  useList: useGetCampaignsQuery,
  filters: campaignFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search subject',
  emptyText: 'No campaigns yet',
};

export function CampaignsTab() {
  const tab = useListTab(campaignsList, { pollingInterval: 5000 });
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const opened = Number(params.get('campaign')) || null;

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
      <DataTable
        tab={tab}
        columns={columns}
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
