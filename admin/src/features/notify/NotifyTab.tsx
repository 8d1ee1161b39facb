import { useEffect } from 'react';
import { EXPORT_NAMES, NOTIFY_BULK_LIMIT, type NotifyMe } from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useBulkAction } from '../table/useBulkAction.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { notifyColumns, notifyFilters } from './columns.js';
import { useGetNotifyRequestsQuery, useMarkNotifiedMutation } from './notifyApi.js';

export function NotifyTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error, refetch } = useGetNotifyRequestsQuery(query.args);
  const [markNotified] = useMarkNotifiedMutation();
  const toast = useToast();
  const { selection, action } = useBulkAction({
    noun: 'requests',
    verb: 'Notified',
    limit: NOTIFY_BULK_LIMIT,
    run: (selection) => markNotified({ ...selection, notified: true }).unwrap(),
  });

  useEffect(() => {
    if (error) toast.error('Failed to load notify me requests', error);
  }, [error, toast]);

  return (
    <DataTable<NotifyMe>
      name={EXPORT_NAMES.notifyMe}
      label="notify me requests"
      exportPath="/admin/notify-me/export"
      query={query}
      page={data}
      loading={isFetching}
      columns={notifyColumns}
      filters={notifyFilters}
      searchPlaceholder="Search email or product"
      emptyText="No notify me requests found"
      selection={selection}
      rowLabel={(r) => `${r.email} ${r.productName}`}
      primaryAction={
        <>
          <Button onClick={() => void refetch()}>Refresh</Button>
          {action}
        </>
      }
    />
  );
}
