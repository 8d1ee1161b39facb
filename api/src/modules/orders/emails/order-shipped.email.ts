import { createHash } from 'node:crypto';
import type { OrderLineItem, ShippingAddress } from '@artist/contracts';
import { formatShippingAddress, orderNumber } from '../../../common/order-format.js';
import { escapeHtml } from '../../../common/strings.js';
import type { AppConfig } from '../../../config/env.js';
import {
  artistReplyTo,
  button,
  divider,
  heading,
  layout,
  paragraph,
  type QueuedEmail,
  type MjmlEmail,
} from '../../email/index.js';
import { carrierOf, normaliseTracking, type Carrier } from '../carriers.js';

/** What a shipped email tells of its order: the parcel's lines and where it goes. */
export interface ShippedOrder {
  id: number;
  email: string;
  customerName: string | null;
  items: OrderLineItem[];
  shippingAddress: ShippingAddress | null;
}

/** To the buyer: the order is on its way, with its tracking number (and link, if known). */
export function orderShipped(
  order: ShippedOrder,
  trackingNumber: string,
  carrier: Carrier | null,
): MjmlEmail {
  const number = orderNumber(order.id);
  const subject = `Your order ${number} is on its way`;
  const address = formatShippingAddress(order.shippingAddress);
  const via = carrier ? ` with ${carrier.name}` : '';
  const items = order.items.map((item) => `${item.quantity} x ${item.product_name}`);
  const mjml = layout(
    subject,
    [
      heading(`Order ${number} has shipped`),
      paragraph(`Good news: your order is on its way${via}.`),
      `<mj-text><strong>Tracking number</strong><br />${escapeHtml(trackingNumber)}</mj-text>`,
      ...(carrier?.url ? [button('Track your package', carrier.url)] : []),
      divider(),
      paragraph(items.join('\n')),
      `<mj-text><strong>Shipping to</strong><br />${escapeHtml(address)}</mj-text>`,
    ].join('\n'),
  );
  const text = [
    `Order ${number} has shipped`,
    '',
    `Good news: your order is on its way${via}.`,
    '',
    `Tracking number: ${trackingNumber}`,
    ...(carrier?.url ? [`Track it: ${carrier.url}`] : []),
    '',
    ...items,
    '',
    'Shipping to:',
    address,
  ].join('\n');
  return { subject, mjml, text };
}

const shippedEmail = (
  config: AppConfig,
  order: ShippedOrder,
  key: string,
  content: MjmlEmail,
): QueuedEmail => ({
  key,
  kind: 'order-shipped',
  about: { type: 'order', id: order.id },
  to: { address: order.email, name: order.customerName },
  ...content,
  headers: { replyTo: artistReplyTo(config) },
  lane: 'transactional',
});

/**
 * The shipped email of a fulfilled online order with a tracking number: one per number (its
 * key), so saving the same number again queues nothing and a new number sends a new email.
 * Null when the order gets none.
 */
export function orderShippedEmail(
  config: AppConfig,
  order: Omit<ShippedOrder, 'items'> & {
    lineItems: OrderLineItem[];
    trackingNumber: string | null;
    salesChannel: string;
    fulfillmentStatus: string;
  },
): QueuedEmail | null {
  const tracking = order.trackingNumber?.trim();
  if (!tracking || !order.email || order.salesChannel !== 'online') return null;
  if (order.fulfillmentStatus !== 'fulfilled') return null;
  const digest = createHash('sha256').update(normaliseTracking(tracking)).digest('hex');
  const shipped = { ...order, items: order.lineItems };
  return shippedEmail(
    config,
    shipped,
    `order-shipped:${order.id}:${digest.slice(0, 40)}`,
    orderShipped(shipped, tracking, carrierOf(tracking)),
  );
}

/**
 * The shipped email of one shipment of an order (part of it, or its rest): that parcel's lines
 * and its tracking link, once per shipment.
 */
export const shipmentShippedEmail = (
  config: AppConfig,
  order: ShippedOrder,
  shipment: { id: number; trackingNumber: string; carrier: Carrier | null },
): QueuedEmail =>
  shippedEmail(
    config,
    order,
    `order-shipment:${shipment.id}`,
    orderShipped(order, shipment.trackingNumber, shipment.carrier),
  );
