import type { AdminOverview } from '@artist/contracts';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useGetOverviewQuery } from './overviewApi.js';

const FIGURES: { key: keyof AdminOverview; label: string; to: string }[] = [
  { key: 'ordersToShip', label: 'Orders to ship', to: '/admin/orders?status=pending' },
  { key: 'newMessages', label: 'New messages', to: '/admin/messages?status=new' },
  {
    key: 'pendingNotifyRequests',
    label: 'Notify-me requests',
    to: '/admin/notify-me?status=pending',
  },
  { key: 'signupsThisWeek', label: 'Signups this week', to: '/admin/newsletter' },
];

const FIGURE_STYLE = {
  flex: '1 1 140px',
  padding: '8px 12px',
  border: '1px solid #eadfce',
  borderRadius: 8,
  background: '#fff',
  color: 'inherit',
} as const;

/**
 * What waits for the artist, above the tabs: each figure opens its tab on the matching filter.
 * Nothing is shown while it loads or when the call fails: the tabs work without it.
 */
export function OverviewStrip() {
  const { data } = useGetOverviewQuery();
  if (!data) return null;
  return (
    <nav aria-label="Overview" style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap>
        {FIGURES.map(({ key, label, to }) => (
          <Link key={key} to={to} style={FIGURE_STYLE} data-testid={`overview-${key}`}>
            <Typography.Text strong style={{ display: 'block', fontSize: 22 }}>
              {data[key]}
            </Typography.Text>
            <Typography.Text type="secondary">{label}</Typography.Text>
          </Link>
        ))}
      </Flex>
    </nav>
  );
}
