import type { Campaign, CampaignAudience, CampaignStatus, Suppression } from '@artist/contracts';
import { Button } from 'antd';
import { formatTimestamp } from '../../components/format.js';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import type { DataColumn, StatusFilter } from '../table/DataTable.js';

const STATUS: Record<CampaignStatus, { label: string; tone: StatusTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  sending: { label: 'Sending', tone: 'warning' },
  paused: { label: 'Paused', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'danger' },
};

export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { label, tone } = STATUS[status] ?? { label: status, tone: 'neutral' };
  return <StatusTag tone={tone}>{label}</StatusTag>;
}

export const campaignFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  ...(Object.keys(STATUS) as CampaignStatus[]).map((status) => ({
    value: status,
    label: STATUS[status].label,
  })),
];

/** The audience in words: "Within 160 km of show #3 · US, CA · buyers of hat". */
export function describeAudience(audience: CampaignAudience): string {
  const parts: string[] = [];
  if (audience.near)
    parts.push(`Within ${audience.near.radiusKm} km of show #${audience.near.showId}`);
  if (audience.countries?.length) parts.push(audience.countries.join(', '));
  if (audience.boughtProductIds?.length)
    parts.push(`buyers of ${audience.boughtProductIds.join(', ')}`);
  return parts.length ? parts.join(' · ') : 'Every subscriber';
}

export function campaignColumns(onOpen: (c: Campaign) => void): DataColumn<Campaign>[] {
  return [
    {
      key: 'createdAt',
      title: 'Created',
      sortField: 'createdAt',
      responsive: ['md'],
      render: (_, c) => formatTimestamp(c.createdAt),
    },
    { key: 'subject', title: 'Subject', sortField: 'subject', render: (_, c) => c.subject },
    {
      key: 'status',
      title: 'Status',
      sortField: 'status',
      render: (_, c) => <CampaignStatusTag status={c.status} />,
    },
    {
      key: 'audience',
      title: 'Audience',
      responsive: ['lg'],
      render: (_, c) => describeAudience(c.audience),
    },
    {
      key: 'sent',
      title: 'Sent',
      sortField: 'sent',
      responsive: ['sm'],
      render: (_, c) => (c.recipients ? `${c.sent} of ${c.recipients}` : '—'),
    },
    {
      key: 'problems',
      title: 'Failed / bounced / complaints / unsubscribed',
      responsive: ['xl'],
      render: (_, c) => `${c.failed} / ${c.bounced} / ${c.complained} / ${c.unsubscribed}`,
    },
    {
      key: 'open',
      title: 'Open',
      render: (_, c) => (
        <Button size="small" onClick={() => onOpen(c)} aria-label={`Open campaign ${c.subject}`}>
          Open
        </Button>
      ),
    },
  ];
}

export const suppressionFilters: StatusFilter[] = [
  { value: 'all', label: 'All' },
  { value: 'bounce', label: 'Bounced' },
  { value: 'complaint', label: 'Complained' },
];

export function suppressionColumns(onRemove: (s: Suppression) => void): DataColumn<Suppression>[] {
  return [
    {
      key: 'createdAt',
      title: 'Date',
      sortField: 'createdAt',
      render: (_, s) => formatTimestamp(s.createdAt),
    },
    { key: 'email', title: 'Address', sortField: 'email', render: (_, s) => s.email },
    {
      key: 'reason',
      title: 'Reason',
      sortField: 'reason',
      render: (_, s) => (s.reason === 'complaint' ? 'Complained' : 'Bounced'),
    },
    {
      key: 'campaign',
      title: 'Campaign',
      responsive: ['md'],
      render: (_, s) => (s.campaignId ? `#${s.campaignId}` : '—'),
    },
    {
      key: 'remove',
      title: 'Remove',
      render: (_, s) => (
        <Button size="small" onClick={() => onRemove(s)} aria-label={`Remove ${s.email}`}>
          Remove
        </Button>
      ),
    },
  ];
}
