import { useId, useState } from 'react';
import { type Order, serverMessage } from '@artist/contracts';
import { App, Button, Checkbox, Flex, InputNumber, Typography } from 'antd';
import { formatCents } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { useRefundOrderMutation } from './RefundPanel.js';

const lineName = (line: Order['lines'][number]) =>
  line.size ? `${line.productName} - ${line.size}` : line.productName;

/**
 * A refund by line: how many of each line to give back (the server works out the amount from
 * their prices, discount and tax, and the shipping once nothing is left), and whether those units
 * go back in stock (they do unless unticked).
 */
export function LineRefund({ order, onRefunded }: { order: Order; onRefunded: () => void }) {
  const open = order.lines.filter((line) => line.quantity > line.refundedQuantity);
  const [counts, setCounts] = useState<Record<number, number | null>>({});
  const [restock, setRestock] = useState(!order.restockedAt);
  const [refund, { isLoading }] = useRefundOrderMutation();
  const { modal } = App.useApp();
  const toast = useToast();
  const titleId = useId();
  if (open.length === 0) return null;

  const lines = open
    .map((line) => ({ lineId: line.id, quantity: counts[line.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);

  const send = async () => {
    try {
      const after = await refund({ id: order.id, body: { lines, restock } }).unwrap();
      toast.success(
        `Refunded ${formatCents(after.refundedAmount - order.refundedAmount)}`,
        restock ? 'Those items are back in stock.' : undefined,
      );
      onRefunded();
    } catch (err) {
      toast.error('Refund failed', err, serverMessage(err));
    }
  };

  const ask = () =>
    modal.confirm({
      title: `Refund ${units} ${units === 1 ? 'item' : 'items'} to ${order.customerName || order.email}?`,
      content: `The amount is their price less their part of the discount, plus their tax (and the shipping once nothing is left to refund)${restock ? '; they go back in stock' : ''}. It cannot be undone.`,
      okText: 'Refund items',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: send,
    });

  return (
    <section aria-labelledby={titleId} style={{ marginTop: 8 }}>
      <Typography.Title id={titleId} level={3} style={{ fontSize: 14 }}>
        Or refund items
      </Typography.Title>
      <Flex vertical gap={6}>
        {open.map((line) => {
          const left = line.quantity - line.refundedQuantity;
          return (
            <Flex key={line.id} gap={8} align="center">
              <InputNumber<number>
                aria-label={`Items of ${lineName(line)} to refund, up to ${left}`}
                min={0}
                max={left}
                precision={0}
                value={counts[line.id] ?? 0}
                onChange={(value) => setCounts({ ...counts, [line.id]: value })}
                style={{ width: 80 }}
              />
              <span>
                of {left} × {lineName(line)}
              </span>
            </Flex>
          );
        })}
        <Flex gap={12} align="center">
          <Checkbox
            checked={restock}
            disabled={Boolean(order.restockedAt)}
            onChange={(e) => setRestock(e.target.checked)}
          >
            Put these items back in stock
          </Checkbox>
          <Button danger onClick={ask} disabled={units === 0} loading={isLoading}>
            Refund items…
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}
