import type { OrderLineItem } from '@artist/contracts';
import { orderNumber } from '../../../common/order-format.js';
import type { AppConfig } from '../../../config/env.js';
import {
  button,
  heading,
  layout,
  paragraph,
  type QueuedEmail,
  type MjmlEmail,
} from '../../email/index.js';

/** One free order as the artist's digest lists it: its number and what it took. */
export interface FreeOrderLine {
  id: number;
  items: OrderLineItem[];
}

/** The most orders a digest lists one by one; the rest are counted, and all are in the admin. */
const DIGEST_LISTED = 50;

/**
 * To the artist: an hour's free orders (nothing paid) in one email, not one each, so that
 * strangers ordering free downloads cannot fill her inbox. It names no buyer: the admin does.
 */
export function artistFreeOrdersDigest(orders: FreeOrderLine[], adminUrl: string): MjmlEmail {
  const n = orders.length;
  const subject = n === 1 ? '1 free order' : `${n} free orders`;
  const lines = orders
    .slice(0, DIGEST_LISTED)
    .map(
      (order) =>
        `${orderNumber(order.id)}: ${order.items.map((i) => `${i.quantity} × ${i.product_name}`).join(', ')}`,
    );
  const more = n > DIGEST_LISTED ? [`and ${n - DIGEST_LISTED} more`] : [];
  const intro = `${subject} in the last hour, nothing paid.`;
  const mjml = layout(
    subject,
    [
      heading(subject),
      paragraph(intro),
      ...[...lines, ...more].map((line) => paragraph(line)),
      button('Open the orders in the admin', adminUrl),
    ].join('\n'),
  );
  const text = [intro, '', ...lines, ...more, '', `Open the orders in the admin: ${adminUrl}`].join(
    '\n',
  );
  return { subject, mjml, text };
}

/** The key of the hour starting at `hourStart` (epoch ms): one digest an hour at most. */
export const freeOrdersDigestKey = (hourStart: number) =>
  `artist-free-orders:${new Date(hourStart).toISOString()}`;

/**
 * The artist's one email about the free orders of the hour starting at `hourStart`: keyed by the
 * hour, so of several instances gathering it only one queues it. Null when ARTIST_EMAIL is not
 * set or there are none.
 */
export function freeOrdersDigestEmail(
  config: AppConfig,
  hourStart: number,
  orders: FreeOrderLine[],
): QueuedEmail | null {
  const artist = config.mail.artistEmail;
  if (!artist || orders.length === 0) return null;
  return {
    key: freeOrdersDigestKey(hourStart),
    kind: 'artist-free-orders',
    about: { type: 'free-orders', id: new Date(hourStart).toISOString() },
    to: { address: artist },
    ...artistFreeOrdersDigest(orders, `${config.publicUrl}/admin?tab=orders`),
    lane: 'transactional',
  };
}
