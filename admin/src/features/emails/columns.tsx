import {
  EMAIL_KIND_LABELS,
  EMAIL_WAITING_PREFIX,
  type EmailKind,
  type EmailStatus,
  type OutboxEmailSummary,
} from '@artist/contracts';
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import { formatTimestamp } from '../../components/format.js';
import { buttonColumn, statusFilters } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const STATUS: Record<EmailStatus, { label: string; tone: StatusTone }> = {
  queued: { label: 'Queued', tone: 'info' },
  held: { label: 'Held', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** What each kind of email is, in words (`EMAIL_KIND_LABELS`); an unknown kind as it is. */
export const kindLabel = (kind: string) => EMAIL_KIND_LABELS[kind as EmailKind] ?? kind;

type EmailState = Pick<OutboxEmailSummary, 'status' | 'lastError'>;

/**
 * Why the sender holds a queued email back on purpose (the site's hourly cap of confirmation
 * emails), or null: such an email is waiting to go out, not failing.
 */
export const waitingReason = ({ status, lastError }: EmailState): string | null =>
  (status === 'queued' || status === 'held') && lastError?.startsWith(EMAIL_WAITING_PREFIX)
    ? lastError
    : null;

/** What went wrong with the last attempt, if anything did. */
export const lastFailure = (email: EmailState): string | null =>
  waitingReason(email) ? null : email.lastError;

export function EmailStatusTag({ email }: { email: EmailState }) {
  const reason = waitingReason(email);
  if (reason)
    return (
      <Tooltip title={reason}>
        {/* The tooltip needs an element it can hold a ref to; View shows the reason as well. */}
        <span>
          <StatusTag tone="info">Waiting</StatusTag>
        </span>
      </Tooltip>
    );
  const { label, tone } = STATUS[email.status] ?? { label: email.status, tone: 'neutral' };
  return <StatusTag tone={tone}>{label}</StatusTag>;
}

export const emailFilters = statusFilters(STATUS);

/**
 * Text held to a width, wrapping where it must: the table takes its columns' widest content,
 * and an address or a subject on one line would push View out of sight beside the navigation.
 */
function Wrap({ width, children }: { width: number; children: ReactNode }) {
  return <div style={{ maxWidth: width, overflowWrap: 'anywhere' }}>{children}</div>;
}

export function emailColumns(
  onView: (e: OutboxEmailSummary) => void,
): DataColumn<OutboxEmailSummary>[] {
  return [
    {
      key: 'createdAt',
      title: 'Date',
      sortField: 'createdAt',
      render: (_, e) => <Wrap width={110}>{formatTimestamp(iso(e.createdAt))}</Wrap>,
    },
    {
      key: 'to',
      title: 'To',
      sortField: 'to',
      render: (_, e) => <Wrap width={180}>{e.to}</Wrap>,
    },
    {
      key: 'subject',
      title: 'Subject',
      sortField: 'subject',
      responsive: ['md'],
      render: (_, e) => <Wrap width={200}>{e.subject}</Wrap>,
    },
    {
      key: 'kind',
      title: 'Kind',
      sortField: 'kind',
      responsive: ['md'],
      render: (_, e) => <Wrap width={110}>{kindLabel(e.kind)}</Wrap>,
    },
    {
      key: 'status',
      title: 'Status',
      sortField: 'status',
      render: (_, e) => <EmailStatusTag email={e} />,
    },
    {
      key: 'attempts',
      title: 'Attempts',
      sortField: 'attempts',
      responsive: ['md'],
      render: (_, e) => e.attempts,
    },
    {
      key: 'lastError',
      title: 'Last error',
      sortField: 'lastError',
      // From 1600 px; View shows it at any width.
      responsive: ['xxl'],
      render: (_, e) => <Wrap width={240}>{lastFailure(e) ?? ''}</Wrap>,
    },
    {
      key: 'sentAt',
      title: 'Sent',
      sortField: 'sentAt',
      responsive: ['md'],
      render: (_, e) => <Wrap width={110}>{formatTimestamp(iso(e.sentAt))}</Wrap>,
    },
    buttonColumn('View', onView, (e) => `View email ${e.subject}`),
  ];
}
