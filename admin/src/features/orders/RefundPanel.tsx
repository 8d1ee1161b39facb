import { useId, useState } from 'react';
import { type Order, type OrderRefundRequest, serverMessage } from '@artist/contracts';
import { App, Button, Checkbox, Flex, InputNumber, Typography } from 'antd';
import { api } from '../../app/api.js';
import { formatCents } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { LineRefund } from './LineRefund.js';

const refundApi = api.injectEndpoints({
  endpoints: (build) => ({
    refundOrder: build.mutation<Order, { id: number; body: OrderRefundRequest }>({
      query: ({ id, body }) => ({ url: `/admin/orders/${id}/refund`, method: 'POST', body }),
      // A restock changes what the Products tab shows, and a refund the sales.
      invalidatesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'Product', id: 'LIST' },
        { type: 'Sale', id: 'LIST' },
      ],
    }),
  }),
});

export const { useRefundOrderMutation } = refundApi;

/** Cents left to refund of an order paid through checkout; 0 when nothing can be refunded. */
export function refundable(order: Order): number {
  if (!order.paymentIntentId || order.paymentStatus === 'refunded') return 0;
  return Math.max(0, order.total - order.refundedAmount);
}

/**
 * The Order dialog's refund: an amount (all that is left unless changed), whether the items go
 * back in stock, and a confirmation naming the amount before the payment provider is asked.
 */
export function RefundPanel({ order, onRefunded }: { order: Order; onRefunded: () => void }) {
  const left = refundable(order);
  const [dollars, setDollars] = useState<number | null>(left / 100);
  const [restock, setRestock] = useState(false);
  const [refund, { isLoading }] = useRefundOrderMutation();
  const { modal } = App.useApp();
  const toast = useToast();
  const amountId = useId();
  if (left === 0) return null;

  const cents = dollars === null ? 0 : Math.round(dollars * 100);
  const valid = cents >= 1 && cents <= left;
  const alreadyRestocked = Boolean(order.restockedAt);

  const send = async () => {
    try {
      await refund({
        id: order.id,
        body: { ...(cents === left ? {} : { amount: cents }), restock },
      }).unwrap();
      toast.success(
        `Refunded ${formatCents(cents)}`,
        restock ? 'The items are back in stock.' : undefined,
      );
      onRefunded();
    } catch (err) {
      toast.error('Refund failed', err, serverMessage(err));
    }
  };

  const ask = () =>
    modal.confirm({
      title: `Refund ${formatCents(cents)} to ${order.customerName || order.email}?`,
      content: `${cents === left ? 'This refunds all that is left of the order' : `This refunds part of the order (${formatCents(left - cents)} is left after it)`}${restock ? ', and puts its items back in stock' : ''}. It cannot be undone.`,
      okText: `Refund ${formatCents(cents)}`,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: send,
    });

  return (
    <section aria-labelledby={`${amountId}-title`} style={{ marginTop: 8 }}>
      <Typography.Title id={`${amountId}-title`} level={2} style={{ fontSize: 16 }}>
        Refund
      </Typography.Title>
      <Flex gap={12} wrap align="end">
        <Flex vertical gap={4}>
          <label htmlFor={amountId}>Amount ($), up to {formatCents(left)}</label>
          <InputNumber<number>
            id={amountId}
            min={0.01}
            max={left / 100}
            step={0.01}
            precision={2}
            value={dollars}
            onChange={setDollars}
            style={{ width: 160 }}
          />
        </Flex>
        <Checkbox
          checked={restock}
          disabled={alreadyRestocked}
          onChange={(e) => setRestock(e.target.checked)}
        >
          {alreadyRestocked ? 'Items already back in stock' : 'Put the items back in stock'}
        </Checkbox>
        <Button danger onClick={ask} disabled={!valid} loading={isLoading}>
          Refund…
        </Button>
      </Flex>
      <LineRefund order={order} onRefunded={onRefunded} />
    </section>
  );
}
