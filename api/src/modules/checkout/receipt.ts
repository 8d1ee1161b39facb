import type { EntityManager } from 'typeorm';
import {
  RECEIPT_DETAILS_HOURS,
  type CheckoutReceipt,
  type CheckoutReceiptSummary,
} from '@artist/contracts';
import { orderNumber } from '../../common/order-format.js';
import { toView, type OrdersService } from '../orders/index.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { isFreeOrder } from './digital-lines.js';

/** Who asks for a receipt: when, and whether from the browser that checked out. */
export interface ReceiptViewer {
  now: Date;
  checkoutBrowser: boolean;
}

const DETAILS_MS = RECEIPT_DETAILS_HOURS * 60 * 60 * 1000;

/**
 * The receipt of the order a checkout session made, or null while there is none. A receipt link
 * (the success address holds the session id) is easily forwarded or left in a browser's
 * history: after RECEIPT_DETAILS_HOURS only the browser that checked out still sees the money
 * and the buyer's name and address; anyone else sees the order number and the items.
 */
export async function readReceipt(
  manager: EntityManager,
  orders: OrdersService,
  sessionId: string,
  viewer: ReceiptViewer,
): Promise<CheckoutReceipt | CheckoutReceiptSummary | null> {
  const order = await orders.findBySession(sessionId, manager);
  const session = await manager.findOneBy(CheckoutSession, { sessionId });
  if (!order || !session) return null;
  const view = toView(order);
  const items = view.lineItems.map((item) => ({
    name: item.product_name,
    quantity: item.quantity,
    price: item.price,
    ...(item.pre_order_until ? { preOrderUntil: item.pre_order_until } : {}),
  }));
  const summary = { number: orderNumber(order.id), items };
  const recent = viewer.now.getTime() - order.createdAt.getTime() < DETAILS_MS;
  if (!recent && !viewer.checkoutBrowser) return summary;
  return {
    ...summary,
    subtotal: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
    discount: order.discountAmount,
    discountCode: order.discountCode,
    shipping: order.shippingAmount ?? session.shipping,
    tax: order.taxAmount,
    total: order.total,
    shippingAddress: view.shippingAddress,
    lines: view.lines,
    ...(isFreeOrder(order) && view.lines.some((line) => line.kind === 'digital')
      ? { downloadsNote: linksOnTheirWay(order.email) }
      : {}),
  };
}

/** Where a free order's links went: its address masked, `f***@example.org`. */
export const linksOnTheirWay = (email: string) =>
  `Your download links are on their way to ${maskedAddress(email)}`;

/** An address shown to whoever holds a receipt link: its first letter, `***`, and its domain. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${at < 0 ? '' : email.slice(at)}`;
}
