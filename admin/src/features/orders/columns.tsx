import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import type { Order } from '@artist/contracts';
import { Typography } from 'antd';
import { formatCents, formatDay } from '../../components/format.js';
import { buttonColumn, statusFilters, timeColumn } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';
import { channelLabel, productNames } from './orderFormat.js';

export const orderFilters = statusFilters({
  // To ship: a refunded order waits for no parcel.
  pending: 'Pending',
  fulfilled: 'Fulfilled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
  'pre-order': 'Pre-orders',
});

const PAYMENT_TAGS: Record<string, { tone: StatusTone; label: string }> = {
  paid: { tone: 'success', label: 'Paid' },
  partially_refunded: { tone: 'warning', label: 'Partially refunded' },
  refunded: { tone: 'neutral', label: 'Refunded' },
  disputed: { tone: 'danger', label: 'Disputed' },
};

/** An order's payment status: paid, or what became of the money after checkout. */
export function PaymentStatusTag({ order }: { order: Order }) {
  const tag = PAYMENT_TAGS[order.paymentStatus] ?? { tone: 'neutral', label: order.paymentStatus };
  return (
    <StatusTag tone={tag.tone}>
      {tag.label}
      {order.paymentStatus === 'partially_refunded'
        ? ` (${formatCents(order.refundedAmount)})`
        : ''}
    </StatusTag>
  );
}

export function OrderStatusTag({ status }: { status: string }) {
  if (status === 'partially_fulfilled') return <StatusTag tone="info">Partly shipped</StatusTag>;
  return status === 'fulfilled' ? (
    <StatusTag tone="success">Fulfilled</StatusTag>
  ) : (
    <StatusTag tone="warning">Pending</StatusTag>
  );
}

/** Today's calendar date (YYYY-MM-DD) on this computer. */
function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A pre-order still to ship: "Can ship now" once its date has come, else the date it ships from.
 * Nothing for other orders, or once it has shipped.
 */
export function PreOrderTag({ order, now }: { order: Order; now?: Date }) {
  if (!order.preOrder || !order.preOrderUntil || order.fulfillmentStatus === 'fulfilled') {
    return null;
  }
  return order.preOrderUntil <= today(now) ? (
    <StatusTag tone="success">Pre-order: can ship now</StatusTag>
  ) : (
    <StatusTag tone="info">Pre-order: ships from {formatDay(order.preOrderUntil)}</StatusTag>
  );
}

/** Taken by the built-in test payment provider: no money moved. */
export function TestModeTag({ order }: { order: Order }) {
  return order.testMode ? <StatusTag tone="info">Test</StatusTag> : null;
}

export function orderColumns(onManage: (order: Order) => void): DataColumn<Order>[] {
  return [
    timeColumn('createdAt', { responsive: ['sm'] }),
    {
      key: 'customer',
      title: 'Customer',
      sortField: 'customer',
      render: (_, o) => (
        <>
          <div>{o.customerName || '—'}</div>
          <Typography.Text type="secondary">{o.email}</Typography.Text>
        </>
      ),
    },
    {
      key: 'products',
      title: 'Products',
      responsive: ['md'],
      render: (_, o) => productNames(o).map((name, i) => <div key={i}>{name}</div>),
    },
    {
      key: 'total',
      title: 'Total',
      sortField: 'total',
      render: (_, o) => (
        <>
          {formatCents(o.total)} <TestModeTag order={o} />
          {o.taxAmount > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              Tax {formatCents(o.taxAmount)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'channel',
      title: 'Channel',
      sortField: 'salesChannel',
      responsive: ['lg'],
      render: (_, o) => (
        <>
          <div>{channelLabel(o.salesChannel)}</div>
          {o.showLocation && <Typography.Text type="secondary">{o.showLocation}</Typography.Text>}
        </>
      ),
    },
    {
      key: 'payment',
      title: 'Payment',
      sortField: 'paymentStatus',
      responsive: ['md'],
      render: (_, o) => <PaymentStatusTag order={o} />,
    },
    {
      key: 'status',
      title: 'Status',
      sortField: 'fulfillmentStatus',
      render: (_, o) => (
        <>
          <OrderStatusTag status={o.fulfillmentStatus} /> <PreOrderTag order={o} />
          {o.recovered && <StatusTag tone="info">Recovered</StatusTag>}
        </>
      ),
    },
    buttonColumn('Manage', onManage, (o) => `Manage order ${o.id}`),
  ];
}
