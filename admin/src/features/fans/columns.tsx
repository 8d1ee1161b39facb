import type { Fan, FanNewsletterState } from '@artist/contracts';
import { Button } from 'antd';
import { StatusTag } from '../../components/StatusTag.js';
import { formatCents, formatTimestamp } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

export const fanFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  { value: 'customers', label: 'Customers' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'waiting', label: 'Waiting on a product' },
  { value: 'writers', label: 'Wrote in' },
];

export const NEWSLETTER_TAGS: Record<FanNewsletterState, React.ReactNode> = {
  none: '—',
  confirmed: <StatusTag tone="success">Confirmed</StatusTag>,
  unconfirmed: <StatusTag tone="neutral">Unconfirmed</StatusTag>,
  unsubscribed: <StatusTag tone="danger">Unsubscribed</StatusTag>,
};

export function fanColumns(onView: (fan: Fan) => void): DataColumn<Fan>[] {
  return [
    { key: 'email', title: 'Email', sortField: 'email', render: (_, f) => f.email },
    {
      key: 'firstSeenAt',
      title: 'First seen',
      sortField: 'firstSeenAt',
      responsive: ['sm'],
      render: (_, f) => formatTimestamp(f.firstSeenAt),
    },
    { key: 'orders', title: 'Orders', sortField: 'orders', render: (_, f) => f.orders },
    {
      key: 'totalSpent',
      title: 'Total spent',
      sortField: 'totalSpent',
      render: (_, f) => formatCents(f.totalSpent),
    },
    {
      key: 'newsletter',
      title: 'Newsletter',
      responsive: ['sm'],
      render: (_, f) => NEWSLETTER_TAGS[f.newsletter],
    },
    {
      key: 'pendingNotify',
      title: 'Notify me',
      responsive: ['md'],
      render: (_, f) => f.pendingNotify,
    },
    { key: 'messages', title: 'Messages', responsive: ['md'], render: (_, f) => f.messages },
    {
      key: 'view',
      title: 'View',
      render: (_, f) => (
        <Button size="small" onClick={() => onView(f)} aria-label={`View fan ${f.email}`}>
          View
        </Button>
      ),
    },
  ];
}
