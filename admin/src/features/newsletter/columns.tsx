import { StatusTag } from '../../components/StatusTag.js';
import type { EmailSignup } from '@artist/contracts';

import { CopyButton } from '../../components/CopyButton.js';
import { formatTimestamp, timeValue } from '../../components/format.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

const contacted = (s: EmailSignup) => s.contacted === 'true';

export const signupFilters: StatusFilter<EmailSignup>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending', match: (s) => !contacted(s) },
  { value: 'contacted', label: 'Contacted', match: contacted },
  { value: 'confirmed', label: 'Confirmed', match: (s) => s.subscription === 'confirmed' },
  { value: 'unconfirmed', label: 'Unconfirmed', match: (s) => s.subscription === 'unconfirmed' },
  { value: 'unsubscribed', label: 'Unsubscribed', match: (s) => s.subscription === 'unsubscribed' },
];

const SUBSCRIPTION_TAGS = {
  confirmed: <StatusTag tone="success">Confirmed</StatusTag>,
  unconfirmed: <StatusTag tone="neutral">Unconfirmed</StatusTag>,
  unsubscribed: <StatusTag tone="danger">Unsubscribed</StatusTag>,
} as const;

export const signupSearchText = (s: EmailSignup) => s.email;

export const signupColumns: DataColumn<EmailSignup>[] = [
  {
    key: 'createdAt',
    title: 'Date',
    sortValue: (s) => timeValue(s.createdAt),
    render: (_, s) => formatTimestamp(s.createdAt),
  },
  {
    key: 'email',
    title: 'Email',
    sortValue: (s) => s.email,
    render: (_, s) => (
      <>
        {s.email} <CopyButton value={s.email} label={`Copy ${s.email}`} />
      </>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    sortValue: (s) => s.contacted,
    render: (_, s) =>
      contacted(s) ? (
        <StatusTag tone="success">Contacted</StatusTag>
      ) : (
        <StatusTag tone="warning">Pending</StatusTag>
      ),
  },
  {
    key: 'subscription',
    title: 'Subscription',
    sortValue: (s) => s.subscription,
    render: (_, s) => SUBSCRIPTION_TAGS[s.subscription],
  },
];
