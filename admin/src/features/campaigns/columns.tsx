import type { Campaign, CampaignAudience, CampaignStatus, Suppression } from '@artist/contracts';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import { buttonColumn, statusFilters, timeColumn } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

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

export const campaignFilters = statusFilters(STATUS);

/** The audience in words: "Within 160 km of show #3 · US, CA · buyers of hat". */
export function describeAudience(audience: CampaignAudience): string {
  // A perk's message goes to members, on the mailing list or not.
  if (audience.perk === 'presale') return 'Members with the presale perk';
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
    timeColumn('createdAt', { title: 'Created', responsive: ['md'] }),
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
    buttonColumn('Open', onOpen, (c) => `Open campaign ${c.subject}`),
  ];
}

export const suppressionFilters = statusFilters({
  bounce: 'Bounced',
  complaint: 'Complained',
});

export function suppressionColumns(onRemove: (s: Suppression) => void): DataColumn<Suppression>[] {
  return [
    timeColumn('createdAt'),
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
    buttonColumn('Remove', onRemove, (s) => `Remove ${s.email}`),
  ];
}
