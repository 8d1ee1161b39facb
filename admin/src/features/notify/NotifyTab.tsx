import { useEffect } from 'react';
import {
  EXPORT_NAMES,
  NOTIFY_BULK_LIMIT,
  type NotifyMe,
  type NotifySendResponse,
} from '@artist/contracts';
import { Button } from 'antd';
import { useToast } from '../../components/useToast.js';
import { DataTable } from '../table/DataTable.js';
import { useBulkAction } from '../table/useBulkAction.js';
import { useTableQuery } from '../table/useTableQuery.js';
import { notifyColumns, notifyFilters } from './columns.js';
import {
  useGetNotifyRequestsQuery,
  useMarkNotifiedMutation,
  useSendBackInStockMutation,
} from './notifyApi.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Queued 2 back-in-stock emails", and why any request was left out. */
export function sentMessage({ queued, skipped }: NotifySendResponse): string {
  const sent = `Queued ${plural(queued, 'back-in-stock email', 'back-in-stock emails')}`;
  return skipped === 0
    ? sent
    : `${sent}; ${plural(skipped, 'request was', 'requests were')} skipped (already notified or unsubscribed)`;
}

export function NotifyTab() {
  const query = useTableQuery('all', { field: 'createdAt', order: 'descend' });
  const { data, isFetching, error, refetch } = useGetNotifyRequestsQuery(query.args);
  const [markNotified] = useMarkNotifiedMutation();
  const [sendBackInStock] = useSendBackInStockMutation();
  const toast = useToast();
  const { selection, action, moreActions } = useBulkAction({
    noun: 'requests',
    verb: 'Notified',
    limit: NOTIFY_BULK_LIMIT,
    run: (selection) => markNotified({ ...selection, notified: true }).unwrap(),
    more: [
      {
        key: 'email',
        label: (count) => `Email ${count}: back in stock`,
        run: (selection) => sendBackInStock(selection).unwrap(),
        nothing: 'Please select requests to email.',
        success: (result) => sentMessage(result as NotifySendResponse),
        failure: 'Failed to send the emails',
      },
    ],
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
          {moreActions}
          {action}
        </>
      }
    />
  );
}
