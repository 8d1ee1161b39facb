import type { Fan, FanNewsletterState } from '@artist/contracts';
import { StatusTag } from '../../components/StatusTag.js';
import { formatCents } from '../../components/format.js';
import { buttonColumn, statusFilters, timeColumn } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

export const fanFilters = statusFilters({
  customers: 'Customers',
  subscribers: 'Subscribers',
  waiting: 'Waiting on a product',
  writers: 'Wrote in',
});

export const NEWSLETTER_TAGS: Record<FanNewsletterState, React.ReactNode> = {
  none: '—',
  confirmed: <StatusTag tone="success">Confirmed</StatusTag>,
  unconfirmed: <StatusTag tone="neutral">Unconfirmed</StatusTag>,
  unsubscribed: <StatusTag tone="danger">Unsubscribed</StatusTag>,
};

export function fanColumns(onView: (fan: Fan) => void): DataColumn<Fan>[] {
  return [
    { key: 'email', title: 'Email', sortField: 'email', render: (_, f) => f.email },
    timeColumn('firstSeenAt', { title: 'First seen', responsive: ['sm'] }),
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
    buttonColumn('View', onView, (f) => `View fan ${f.email}`),
  ];
}
