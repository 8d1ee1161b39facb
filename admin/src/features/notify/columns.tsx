import { StatusTag } from '../../components/StatusTag.js';
import type { NotifyMe } from '@artist/contracts';

import { formatTimestamp } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

const notified = (r: NotifyMe) => r.notified === 'true';

export const notifyFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'notified', label: 'Notified' },
];

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
    sortField: 'productName',
    // Hidden on a phone, where the email and the status share the width (admin-phone.spec.ts).
    responsive: ['sm'],
    render: (_, r) => (
      <>
        {r.productName}
        {r.size && (
          <>
            {' '}
            <StatusTag tone="neutral">Size {r.size}</StatusTag>
          </>
        )}
      </>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    sortField: 'notified',
    render: (_, r) => (
      <>
        {notified(r) ? (
          <StatusTag tone="success">Notified</StatusTag>
        ) : (
          <StatusTag tone="warning">Pending</StatusTag>
        )}
        {r.unsubscribedAt && <StatusTag tone="neutral">Unsubscribed</StatusTag>}
      </>
    ),
  },
];
