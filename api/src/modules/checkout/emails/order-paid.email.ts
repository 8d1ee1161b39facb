import { preOrderNote, type OrderLineItem, type ShippingAddress } from '@artist/contracts';
import { dollars, formatShippingAddress, orderNumber } from '../../../common/order-format.js';
import { escapeHtml } from '../../../common/strings.js';
import type { AppConfig } from '../../../config/env.js';
import {
  artistReplyTo,
  button,
  COLOURS,
  divider,
  heading,
  layout,
  oneLine,
  paragraph,
  type QueuedEmail,
  type MjmlEmail,
} from '../../email/index.js';
import { downloadSection, type DownloadEmailLink } from '../../releases/index.js';

/** A discount code an order used, and what it took off (cents). */
export interface OrderDiscount {
  code: string;
  amountCents: number;
}

export interface OrderEmailData {
  id: number;
  customerName: string | null;
  email: string;
  items: OrderLineItem[];
  /** Shipping in cents, when known. */
  shipping: number | null;
  /** The discount code used, when one was. */
  discount?: OrderDiscount | null;
  /** Sales tax paid, cents (0 or absent without Stripe Tax). */
  tax?: number;
  total: number;
  shippingAddress: ShippingAddress | null;
  /** The download links of the releases bought, one per format, and how long they work. */
  downloads?: DownloadEmailLink[];
  downloadTerms?: { days: number; limit: number };
}

/** Items, shipping and total as an MJML table and as plain text lines. */
function orderTable(
  items: OrderLineItem[],
  shipping: number | null,
  total: number,
  discount: OrderDiscount | null = null,
  tax = 0,
) {
  const row = (cells: string[], bold = false) =>
    `<tr${bold ? ' style="font-weight:bold"' : ''}><td style="padding:4px 0">${cells[0]}</td><td style="padding:4px 8px;text-align:center">${cells[1]}</td><td style="padding:4px 0;text-align:right">${cells[2]}</td></tr>`;
  const rows = [
    `<tr style="color:${COLOURS.inkSoft};text-align:left"><th style="padding:4px 0">Item</th><th style="padding:4px 8px;text-align:center">Qty</th><th style="padding:4px 0;text-align:right">Price</th></tr>`,
    ...items.map((item) =>
      row([
        escapeHtml(item.product_name) +
          (item.pre_order_until
            ? `<br /><span style="color:${COLOURS.inkSoft};font-size:13px">${escapeHtml(preOrderNote(item.pre_order_until))}</span>`
            : ''),
        String(item.quantity),
        `$${dollars(item.price * item.quantity)}`,
      ]),
    ),
    ...(discount
      ? [row([`Discount (${escapeHtml(discount.code)})`, '', `−$${dollars(discount.amountCents)}`])]
      : []),
    ...(shipping === null ? [] : [row(['Shipping', '', `$${dollars(shipping)}`])]),
    ...(tax > 0 ? [row(['Sales tax', '', `$${dollars(tax)}`])] : []),
    row(['Total', '', `$${dollars(total)}`], true),
  ];
  const text = [
    ...items.map(
      (item) =>
        `${item.quantity} x ${item.product_name}  $${dollars(item.price * item.quantity)}` +
        (item.pre_order_until ? `\n  ${preOrderNote(item.pre_order_until)}` : ''),
    ),
    ...(discount ? [`Discount (${discount.code})  -$${dollars(discount.amountCents)}`] : []),
    ...(shipping === null ? [] : [`Shipping  $${dollars(shipping)}`]),
    ...(tax > 0 ? [`Sales tax  $${dollars(tax)}`] : []),
    `Total  $${dollars(total)}`,
  ].join('\n');
  return { html: `<mj-table>${rows.join('')}</mj-table>`, text };
}

/** To the buyer of a paid online order. */
export function orderConfirmation(order: OrderEmailData, siteUrl: string): MjmlEmail {
  const number = orderNumber(order.id);
  const greeting = order.customerName ? `Thank you, ${order.customerName}!` : 'Thank you!';
  const address = formatShippingAddress(order.shippingAddress);
  const next =
    "I pack every order by hand. When yours ships you'll get another email with its tracking number. Questions? Just reply to this email.";
  const table = orderTable(order.items, order.shipping, order.total, order.discount, order.tax);
  const subject = `Your order ${number} is confirmed`;
  // An order of downloads only: nothing is packed or shipped.
  const nothingShips = order.items.length > 0 && order.items.every((item) => item.digital);
  const downloads = order.downloads?.length
    ? downloadSection(order.downloads, order.downloadTerms!.days, order.downloadTerms!.limit)
    : null;
  const mjml = layout(
    subject,
    [
      heading(greeting),
      paragraph(`Your payment went through and order ${number} is confirmed.`),
      divider(),
      table.html,
      divider(),
      ...(downloads ? [downloads.html, divider()] : []),
      ...(nothingShips
        ? []
        : [
            `<mj-text><strong>Shipping to</strong><br />${escapeHtml(address)}</mj-text>`,
            `<mj-text><strong>What happens next</strong><br />${escapeHtml(next)}</mj-text>`,
          ]),
      button('Visit the site', siteUrl),
    ].join('\n'),
  );
  const text = [
    greeting,
    '',
    `Your payment went through and order ${number} is confirmed.`,
    '',
    table.text,
    '',
    ...(downloads ? [downloads.text, ''] : []),
    ...(nothingShips ? [] : ['Shipping to:', address, '', 'What happens next:', next, '']),
    siteUrl,
  ].join('\n');
  return { subject, mjml, text };
}

/** To the artist: a new online order. */
export function artistOrderAlert(order: OrderEmailData, adminUrl: string): MjmlEmail {
  const number = orderNumber(order.id);
  const buyer = order.customerName ? `${order.customerName} <${order.email}>` : order.email;
  const table = orderTable(order.items, order.shipping, order.total, order.discount, order.tax);
  const subject = oneLine(`New order ${number}: $${dollars(order.total)} from ${buyer}`);
  const address = formatShippingAddress(order.shippingAddress);
  const mjml = layout(
    subject,
    [
      heading(`New order ${number}`),
      paragraph(`From ${buyer}`),
      table.html,
      `<mj-text><strong>Ship to</strong><br />${escapeHtml(address)}</mj-text>`,
      button('Open it in the admin', adminUrl),
    ].join('\n'),
  );
  const text = [
    `New order ${number}`,
    `From ${buyer}`,
    '',
    table.text,
    '',
    'Ship to:',
    address,
    '',
    `Open it in the admin: ${adminUrl}`,
  ].join('\n');
  return { subject, mjml, text };
}

/** The order as fulfilment has just inserted it (the insert fills in its id). */
export interface PaidOrder {
  id: number;
  email: string;
  customerName: string | null;
  lineItems: OrderLineItem[];
  shippingAddress: ShippingAddress | null;
  total: number;
  discountCode?: string | null;
  discountAmount?: number;
  taxAmount?: number;
}

/**
 * Order confirmation to the buyer, and the artist's alert when ARTIST_EMAIL is set. A `free`
 * order (nothing paid) needs no card, so anyone can place one for any address: its
 * confirmation is `strangerCaused`, and the artist hears of it in the hour's digest
 * (free-orders-digest.email.ts) instead.
 */
export function orderPaidEmails(
  config: AppConfig,
  order: PaidOrder,
  shipping: number | null,
  { downloads = [], free = false }: { downloads?: DownloadEmailLink[]; free?: boolean } = {},
): QueuedEmail[] {
  const data: OrderEmailData = {
    id: order.id,
    email: order.email,
    customerName: order.customerName,
    items: order.lineItems,
    shipping,
    discount: order.discountCode
      ? { code: order.discountCode, amountCents: order.discountAmount ?? 0 }
      : null,
    tax: order.taxAmount ?? 0,
    total: order.total,
    shippingAddress: order.shippingAddress,
    downloads,
    downloadTerms: { days: config.downloads.days, limit: config.downloads.limit },
  };
  const emails: QueuedEmail[] = [];
  if (order.email)
    emails.push({
      key: `order-confirmation:${order.id}`,
      kind: 'order-confirmation',
      about: { type: 'order', id: order.id },
      to: { address: order.email, name: order.customerName },
      ...orderConfirmation(data, config.publicUrl),
      headers: { replyTo: artistReplyTo(config) },
      lane: 'transactional',
      strangerCaused: free,
    });
  const artist = config.mail.artistEmail;
  if (artist && !free) {
    const adminUrl = `${config.publicUrl}/admin?tab=orders&search=${encodeURIComponent(order.email)}`;
    emails.push({
      key: `artist-order:${order.id}`,
      kind: 'artist-order',
      about: { type: 'order', id: order.id },
      to: { address: artist },
      ...artistOrderAlert(data, adminUrl),
      headers: {
        replyTo: order.email ? { address: order.email, name: order.customerName } : undefined,
      },
      lane: 'transactional',
    });
  }
  return emails;
}
