import { StatusTag } from '../../components/StatusTag.js';
import type { NotifyMe } from '@artist/contracts';

import { formatTimestamp } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

const notified = (r: NotifyMe) => r.notified === 'true';

export const notifyFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  // Pending: ready to email. Awaiting confirmation: the address had unsubscribed from these
  // emails and gets none until it confirms this request (the server skips it until then).
  { value: 'pending', label: 'Pending' },
  { value: 'unconfirmed', label: 'Awaiting confirmation' },
  { value: 'notified', label: 'Notified' },
];

function RequestStatus({ request }: { request: NotifyMe }) {
  if (notified(request)) return <StatusTag tone="success">Notified</StatusTag>;
  if (request.confirmedAt === null)
    return <StatusTag tone="neutral">Awaiting confirmation</StatusTag>;
  return <StatusTag tone="warning">Pending</StatusTag>;
}

export const notifyColumns: DataColumn<NotifyMe>[] = [
  {
    key: 'createdAt',
    title: 'Date',
    sortField: 'createdAt',
    render: (_, r) => formatTimestamp(r.createdAt),
  },
  { key: 'email', title: 'Email', dataIndex: 'email', sortField: 'email' },
  {
    key: 'product',
    title: 'Product',
    dataIndex: 'productName',
    sortField: 'productName',
    responsive: ['sm'],
  },
  {
    key: 'status',
    title: 'Status',
    sortField: 'notified',
    render: (_, r) => (
      <>
        <RequestStatus request={r} />
        {r.unsubscribedAt && <StatusTag tone="neutral">Unsubscribed</StatusTag>}
      </>
    ),
  },
];
