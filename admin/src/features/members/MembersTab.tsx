import { useState } from 'react';
import { EXPORT_NAMES, type Member, type MembershipTier } from '@artist/contracts';
import { Button, Card, Flex, Popconfirm, Table, Typography } from 'antd';
import { StatusTag } from '../../components/StatusTag.js';
import { formatCents, formatTimestamp } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { statusFilters } from '../table/columns.js';
import { DataTable, type DataColumn } from '../table/DataTable.js';
import { useListTab, type ListDefinition } from '../table/useListTab.js';
import {
  useCloseTierMutation,
  useGetMembersQuery,
  useGetMembersSummaryQuery,
  useGetTiersQuery,
} from './membersApi.js';
import { TierDialog } from './TierDialog.js';

const STATUS_LABELS = {
  active: 'Active',
  past_due: 'Past due',
  incomplete: 'Incomplete',
  ended: 'Ended',
} as const;

const membersList: ListDefinition<Member> = {
  name: EXPORT_NAMES.members,
  label: 'members',
  exportPath: '/admin/members/export',
  useList: useGetMembersQuery,
  filters: statusFilters(STATUS_LABELS),
  defaultSort: { field: 'since', order: 'descend' },
  searchPlaceholder: 'Search by email',
  emptyText: 'No members yet',
};

const TONES = {
  active: 'success',
  past_due: 'warning',
  incomplete: 'neutral',
  ended: 'neutral',
} as const;

const price = (m: Member) =>
  m.priceCents === null ? '—' : `${formatCents(m.priceCents)} / ${m.interval ?? '?'}`;

const columns: DataColumn<Member>[] = [
  { key: 'email', title: 'Email', sortField: 'email', render: (_, m) => m.email ?? '—' },
  { key: 'tier', title: 'Tier', render: (_, m) => m.tierName ?? '—' },
  { key: 'price', title: 'Price', sortField: 'priceCents', render: (_, m) => price(m) },
  {
    key: 'status',
    title: 'Status',
    sortField: 'status',
    render: (_, m) => <StatusTag tone={TONES[m.status]}>{STATUS_LABELS[m.status]}</StatusTag>,
  },
  {
    key: 'since',
    title: 'Since',
    sortField: 'since',
    responsive: ['md'],
    render: (_, m) => (m.since ? formatTimestamp(m.since) : '—'),
  },
  {
    key: 'renewsAt',
    title: 'Renews / ends',
    sortField: 'renewsAt',
    responsive: ['md'],
    render: (_, m) =>
      m.endsAt
        ? `Ends ${formatTimestamp(m.endsAt)}`
        : m.renewsAt
          ? `Renews ${formatTimestamp(m.renewsAt)}`
          : '—',
  },
];

function Summary() {
  const { data } = useGetMembersSummaryQuery();
  if (!data) return null;
  return (
    <Card size="small">
      <Typography.Paragraph style={{ margin: 0 }} data-testid="members-summary">
        <strong>{formatCents(data.mrrCents)} a month</strong> from {data.active} active{' '}
        {data.active === 1 ? 'member' : 'members'}
        {data.pastDue > 0 ? ` and ${data.pastDue} past due (their card is being retried)` : ''}. In
        the last 30 days {data.joined30d} joined and {data.ended30d} left. Yearly members count a
        twelfth of their price.
      </Typography.Paragraph>
    </Card>
  );
}

function Tiers() {
  const { data: tiers = [] } = useGetTiersQuery();
  const [closeTier] = useCloseTierMutation();
  const toast = useToast();
  const [editing, setEditing] = useState<MembershipTier | 'new' | null>(null);
  return (
    <Card
      size="small"
      title="Tiers"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          Add Tier
        </Button>
      }
    >
      <Table<MembershipTier>
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={tiers}
        locale={{ emptyText: 'No tiers yet: add one for fans to join.' }}
        columns={[
          {
            key: 'name',
            title: 'Tier',
            render: (_, t) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(t)}>
                {t.name}
              </Button>
            ),
          },
          {
            key: 'price',
            title: 'Price',
            render: (_, t) =>
              `${formatCents(t.monthlyPriceCents)} / month` +
              (t.yearlyPriceCents === null ? '' : `, ${formatCents(t.yearlyPriceCents)} / year`),
          },
          {
            key: 'open',
            title: 'Status',
            render: (_, t) =>
              t.open ? (
                <Popconfirm
                  title={`Close ${t.name} to new members?`}
                  description="Its members stay members."
                  okText="Close Tier"
                  onConfirm={async () => {
                    try {
                      await closeTier(t.id).unwrap();
                      toast.success('Tier closed');
                    } catch {
                      toast.error('Failed to close tier');
                    }
                  }}
                >
                  <Button size="small">Close to new members</Button>
                </Popconfirm>
              ) : (
                <StatusTag tone="neutral">Closed</StatusTag>
              ),
          },
        ]}
      />
      {editing && (
        <TierDialog tier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

/** The Members area: the monthly income, the tiers and the members list. */
export function MembersTab() {
  const tab = useListTab(membersList);
  return (
    <Flex vertical gap={16}>
      <Summary />
      <Tiers />
      <DataTable tab={tab} columns={columns} />
    </Flex>
  );
}
