import type { SoldOrder } from '../../common/events.js';
import type { OrderLine } from './order-line.entity.js';
import type { Order } from './order.entity.js';

/** An order and its lines as the order events carry them (`SoldOrder`). */
export function soldOrder(
  order: Pick<
    Order,
    | 'id'
    | 'createdAt'
    | 'salesChannel'
    | 'showLocation'
    | 'paymentStatus'
    | 'testMode'
    | 'recovered'
    | 'total'
    | 'refundedAmount'
    | 'discountAmount'
    | 'taxAmount'
  > &
    Partial<Pick<Order, 'showId'>>,
  lines: Pick<
    OrderLine,
    'id' | 'productId' | 'productName' | 'size' | 'kind' | 'quantity' | 'unitPriceCents'
  >[],
): SoldOrder {
  return {
    id: order.id,
    createdAt: order.createdAt,
    salesChannel: order.salesChannel,
    showId: order.showId ?? null,
    showLocation: order.showLocation,
    paymentStatus: order.paymentStatus,
    testMode: Boolean(order.testMode),
    recovered: Boolean(order.recovered),
    total: order.total,
    refundedAmount: order.refundedAmount ?? 0,
    discountAmount: order.discountAmount ?? 0,
    taxAmount: order.taxAmount ?? 0,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      productName: line.productName,
      size: line.size,
      kind: line.kind,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
  };
}
