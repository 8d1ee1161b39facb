import type { EntityManager } from 'typeorm';
import type { CheckoutReceipt, OrderLineItem } from '@artist/contracts';
import { orderNumber } from '../email/templates.js';
import { formatShippingAddress } from '../orders/order-format.js';
import { Order } from '../orders/order.entity.js';
import { CheckoutSession } from './checkout-session.entity.js';

/** The receipt of the order a checkout session made, or null while there is none. */
export async function readReceipt(
  manager: EntityManager,
  sessionId: string,
): Promise<CheckoutReceipt | null> {
  const order = await manager.findOneBy(Order, { stripeSessionId: sessionId });
  const session = await manager.findOneBy(CheckoutSession, { sessionId });
  if (!order || !session) return null;
  const items = (JSON.parse(order.lineItems) as OrderLineItem[]).map((item) => ({
    name: item.product_name,
    quantity: item.quantity,
    price: item.price,
  }));
  return {
    number: orderNumber(order.id),
    items,
    subtotal: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    shipping: session.shipping,
    total: order.total,
    shippingAddress: formatShippingAddress(order.shippingAddress),
  };
}
