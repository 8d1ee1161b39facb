import {
  EXPORT_NAMES,
  NOTIFY_BULK_LIMIT,
  type NotifyMe,
  type NotifySendResponse,
} from '@artist/contracts';
import { Button } from 'antd';
import { DataTable } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
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

const notifyList: ListDefinition<NotifyMe> = {
  name: EXPORT_NAMES.notifyMe,
  label: 'notify me requests',
  exportPath: '/admin/notify-me/export',
  useList: useGetNotifyRequestsQuery,
  filters: notifyFilters,
  defaultSort: { field: 'createdAt', order: 'descend' },
  searchPlaceholder: 'Search email or product',
  emptyText: 'No notify me requests found',
  rowLabel: (r) => `${r.email} ${r.productName}`,
};

export function NotifyTab() {
  const [markNotified] = useMarkNotifiedMutation();
  const [sendBackInStock] = useSendBackInStockMutation();
  const tab = useListTab(notifyList, {
    bulk: {
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
    },
  });

  return (
    <DataTable
      tab={tab}
      columns={notifyColumns}
      primaryAction={
        <>
          <Button onClick={tab.refetch}>Refresh</Button>
          {tab.moreBulkActions}
          {tab.bulkAction}
        </>
      }
    />
  );
}
