import { StatusTag } from '../../components/StatusTag.js';
import type { NotifyMe } from '@artist/contracts';

import { statusFilters, timeColumn } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

const notified = (r: NotifyMe) => r.notified === 'true';

export const notifyFilters = statusFilters({
  pending: 'Pending',
  notified: 'Notified',
});

export const notifyColumns: DataColumn<NotifyMe>[] = [
  timeColumn('createdAt'),
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
