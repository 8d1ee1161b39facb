import { StatusTag } from '../../components/StatusTag.js';
import type { EmailSignup } from '@artist/contracts';
import { Button } from 'antd';

import { CopyButton } from '../../components/CopyButton.js';
import { statusFilters, timeColumn } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

const contacted = (s: EmailSignup) => s.contacted === 'true';

export const signupFilters = statusFilters({
  pending: 'Pending',
  contacted: 'Contacted',
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  unsubscribed: 'Unsubscribed',
});

const SUBSCRIPTION_TAGS = {
  confirmed: <StatusTag tone="success">Confirmed</StatusTag>,
  unconfirmed: <StatusTag tone="neutral">Unconfirmed</StatusTag>,
  unsubscribed: <StatusTag tone="danger">Unsubscribed</StatusTag>,
} as const;

/** A signup the artist may send a fresh confirmation email: not (or no longer) on the list. */
const canSendConfirmation = (s: EmailSignup) => s.subscription !== 'confirmed';

export const signupColumns = (
  onSendConfirmation: (signup: EmailSignup) => void,
): DataColumn<EmailSignup>[] => [
  timeColumn('createdAt'),
  {
    key: 'email',
    title: 'Email',
    sortField: 'email',
    render: (_, s) => (
      <>
        {s.email} <CopyButton value={s.email} label={`Copy ${s.email}`} />
      </>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    sortField: 'contacted',
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
    sortField: 'subscription',
    responsive: ['sm'],
    render: (_, s) => SUBSCRIPTION_TAGS[s.subscription],
  },
  {
    key: 'manage',
    title: 'Manage',
    render: (_, s) =>
      canSendConfirmation(s) && (
        <Button
          size="small"
          // On a phone the label wraps, so the column stays narrow enough to fit the screen.
          style={{ whiteSpace: 'normal', height: 'auto' }}
          onClick={() => onSendConfirmation(s)}
          aria-label={`Send confirmation email to ${s.email}`}
        >
          Send confirmation email
        </Button>
      ),
  },
];
