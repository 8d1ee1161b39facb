import { StatusTag } from '../../components/StatusTag.js';
import type { NotifyMe } from '@artist/contracts';

import { formatTimestamp, timeValue } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

const notified = (r: NotifyMe) => r.notified === 'true';

export const notifyFilters: StatusFilter<NotifyMe>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending', match: (r) => !notified(r) },
  { value: 'notified', label: 'Notified', match: notified },
];

export const notifySearchText = (r: NotifyMe) => `${r.email}\n${r.productName}`;

export const notifyColumns: DataColumn<NotifyMe>[] = [
  {
    key: 'createdAt',
    title: 'Date',
    sortValue: (r) => timeValue(r.createdAt),
    render: (_, r) => formatTimestamp(r.createdAt),
  },
  { key: 'email', title: 'Email', dataIndex: 'email', sortValue: (r) => r.email },
  { key: 'product', title: 'Product', dataIndex: 'productName', sortValue: (r) => r.productName },
  {
    key: 'status',
    title: 'Status',
    sortValue: (r) => r.notified,
    render: (_, r) =>
      notified(r) ? (
        <StatusTag tone="success">Notified</StatusTag>
      ) : (
        <StatusTag tone="warning">Pending</StatusTag>
      ),
  },
];
