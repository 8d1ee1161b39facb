import { createRequire } from 'node:module';
import type mjml from 'mjml';
import {
  ACCOUNT_PATH,
  preOrderNote,
  type OrderLineItem,
  type ShippingAddress,
} from '@artist/contracts';
import { escapeHtml } from '../../common/strings.js';
import { ARTIST_NAME } from '../../config/env.js';
import type { Carrier } from './carriers.js';
import { dollars, formatShippingAddress } from '../../common/order-format.js';

/** An email's content: its subject, HTML and plain text. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The site's colours (storefront's --paper, --ink, --accent…), for a look that matches it. */
const COLOURS = {
  paper: '#faf6f0',
  paperAlt: '#f1e8da',
  ink: '#2b2118',
  inkSoft: '#5a4a3c',
  accent: '#8a4b14',
  night: '#1d1611',
  gold: '#e0a458',
};

const FONT = "Georgia, 'Times New Roman', serif";

/** A subject on one line: line breaks and runs of spaces become one space. */
export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * MJML sections laid out in the site's look (dark header with the artist's name, paper body,
 * small footer), ready to compile to HTML that Gmail, Apple Mail and Outlook render alike.
 */
function layoutSource(preview: string, sections: string, footer = ''): string {
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(preview)}</mj-title>
    <mj-preview>${escapeHtml(preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="${COLOURS.ink}" font-size="16px" line-height="1.5" />
      <mj-table color="${COLOURS.ink}" font-size="15px" line-height="1.4" />
      <mj-button background-color="${COLOURS.accent}" color="#ffffff" font-size="16px" border-radius="4px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLOURS.paperAlt}" width="600px">
    <mj-section background-color="${COLOURS.night}" padding="20px 24px">
      <mj-column>
        <mj-text color="${COLOURS.gold}" font-size="24px" align="center" letter-spacing="1px">${escapeHtml(ARTIST_NAME)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="${COLOURS.paper}" padding="24px 16px">
      <mj-column>
${sections}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 24px">
      <mj-column>
        <mj-text color="${COLOURS.inkSoft}" font-size="13px" align="center">${footer || escapeHtml(ARTIST_NAME)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The layout (`layoutSource`) compiled here, on the caller's thread. */
function layout(preview: string, sections: string, footer = ''): string {
  const source = layoutSource(preview, sections, footer);
  // Loaded with the first email rendered, not at start-up: mjml brings an HTML minifier, a
  // beautifier and cheerio, which take about as long to load as Nest itself.
  const mjml2html = createRequire(import.meta.url)('mjml') as typeof mjml;
  const { html, errors } = mjml2html(source, { validationLevel: 'strict', minify: false });
  if (errors.length > 0) throw new Error(`Email template: ${errors[0].formattedMessage}`);
  return html;
}

const heading = (text: string) =>
  `<mj-text font-size="22px" color="${COLOURS.accent}">${escapeHtml(text)}</mj-text>`;
const paragraph = (text: string) =>
  `<mj-text>${escapeHtml(text).replace(/\n/g, '<br />')}</mj-text>`;
const divider = () => `<mj-divider border-color="${COLOURS.paperAlt}" border-width="2px" />`;
/** A button to `url`; `label` is the template's own wording, written as it is. */
const button = (label: string, url: string) =>
  `<mj-button href="${escapeHtml(url)}">${label}</mj-button>`;
/** A footer link in the footer's colour; `label` as for `button`. */
const footerLink = (label: string, url: string) =>
  `<a href="${escapeHtml(url)}" style="color:${COLOURS.inkSoft}">${label}</a>`;

/** Where a fan chooses which emails she gets: her account, on the site the link leads to. */
const manageEmailsUrl = (siteLink: string) => `${new URL(siteLink).origin}${ACCOUNT_PATH}`;
export const MANAGE_EMAILS_LABEL = 'Manage your emails';

/** An email that asks one thing of its reader, as HTML and as the same lines of plain text. */
interface CallToAction {
  subject: string;
  title: string;
  intro: string;
  /** Lines shown between the intro and the button (a cart's items). */
  details?: string[];
  /** The button; the plain text names its link `textLabel` (else `label`). */
  action: { label: string; url: string; textLabel?: string };
  /** The last word, under the button: why it came, or what to do if it was not asked for. */
  closing: string;
  /** A link in the footer (the way out of such emails). */
  footer?: { label: string; url: string };
}

/** Title, intro, the button and the last word; the footer link below. */
function callToAction(email: CallToAction): RenderedEmail {
  const { subject, title, intro, details, action, closing, footer } = email;
  const html = layout(
    subject,
    [
      heading(title),
      paragraph(intro),
      ...(details ? [paragraph(details.join('\n'))] : []),
      button(action.label, action.url),
      paragraph(closing),
    ].join('\n'),
    footer &&
      [
        footerLink(footer.label, footer.url),
        footerLink(MANAGE_EMAILS_LABEL, manageEmailsUrl(footer.url)),
      ].join(' · '),
  );
  const text = [
    title,
    '',
    intro,
    '',
    ...(details ? [...details, ''] : []),
    `${action.textLabel ?? action.label}: ${action.url}`,
    '',
    closing,
    ...(footer
      ? [
          '',
          `${footer.label}: ${footer.url}`,
          `${MANAGE_EMAILS_LABEL}: ${manageEmailsUrl(footer.url)}`,
        ]
      : []),
  ].join('\n');
  return { subject, html, text };
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

/** One download link as an email lists it. */
export interface DownloadEmailLink {
  release: string;
  format: string;
  url: string;
}

/** The links as MJML and as plain text lines, with how long and how often they work. */
function downloadSection(links: DownloadEmailLink[], days: number, limit: number) {
  const terms = `Each link works for ${days} days and ${limit} downloads.`;
  const html = [
    `<mj-text><strong>Your downloads</strong><br />${escapeHtml(terms)}</mj-text>`,
    ...links.map(
      (link) =>
        `<mj-text><a href="${escapeHtml(link.url)}" style="color:${COLOURS.accent}">${escapeHtml(`${link.release} (${link.format})`)}</a></mj-text>`,
    ),
  ].join('\n');
  const text = [
    'Your downloads:',
    terms,
    ...links.map((link) => `${link.release} (${link.format}): ${link.url}`),
  ].join('\n');
  return { html, text };
}

/** Download links on their own: a redeemed code, a fresh link asked for, or sent again. */
export function downloadLinks(
  links: DownloadEmailLink[],
  days: number,
  limit: number,
  siteUrl: string,
): RenderedEmail {
  const releases = [...new Set(links.map((link) => link.release))];
  const subject = oneLine(`Your download: ${releases.join(', ')}`);
  const section = downloadSection(links, days, limit);
  const html = layout(
    subject,
    [heading('Your music is ready'), section.html, button('Visit the site', siteUrl)].join('\n'),
  );
  const text = ['Your music is ready.', '', section.text, '', siteUrl].join('\n');
  return { subject, html, text };
}

/** The number the buyer, the admin and every email use for an order. */
export const orderNumber = (id: number) => `#${id}`;

/** 1. To the buyer of a paid online order. */
export function orderConfirmation(order: OrderEmailData, siteUrl: string): RenderedEmail {
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
  const html = layout(
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
  return { subject, html, text };
}

/** 5. To the artist: a new online order. */
export function artistOrderAlert(order: OrderEmailData, adminUrl: string): RenderedEmail {
  const number = orderNumber(order.id);
  const buyer = order.customerName ? `${order.customerName} <${order.email}>` : order.email;
  const table = orderTable(order.items, order.shipping, order.total, order.discount, order.tax);
  const subject = oneLine(`New order ${number}: $${dollars(order.total)} from ${buyer}`);
  const address = formatShippingAddress(order.shippingAddress);
  const html = layout(
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
  return { subject, html, text };
}

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
export function artistFreeOrdersDigest(orders: FreeOrderLine[], adminUrl: string): RenderedEmail {
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
  const html = layout(
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
  return { subject, html, text };
}

export interface ContactEmailData {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

/** The contact form's subject values as the form labels them (the storefront's contact form). */
const CONTACT_SUBJECT_LABELS: Record<string, string> = {
  booking: 'Booking Inquiry',
  collaboration: 'Collaboration',
  press: 'Press & Media',
  fan: 'Fan Message',
  other: 'Other',
};

/** 5. To the artist: a new contact message, whole; replies go to the fan (Reply-To). */
export function artistContactAlert(message: ContactEmailData, adminUrl: string): RenderedEmail {
  const name = oneLine(`${message.firstName} ${message.lastName}`);
  const label = CONTACT_SUBJECT_LABELS[message.subject] ?? message.subject;
  const subject = oneLine(`${label} from ${name}`);
  const html = layout(
    subject,
    [
      heading(`${label} from ${name}`),
      paragraph(`${name} <${message.email}>`),
      divider(),
      paragraph(message.message),
      divider(),
      paragraph('Reply to this email to answer the fan directly.'),
      button('Open messages in the admin', adminUrl),
    ].join('\n'),
  );
  const text = [
    `${label} from ${name} <${message.email}>`,
    '',
    message.message,
    '',
    '--',
    'Reply to this email to answer the fan directly.',
    `Messages in the admin: ${adminUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/** 3 and 4. The double opt-in email: a link to the confirm page and one to unsubscribe. */
export function newsletterConfirmation(confirmUrl: string, unsubscribeUrl: string): RenderedEmail {
  const subject = `Please confirm your subscription to ${ARTIST_NAME}'s list`;
  const intro =
    'Thanks for joining the list! Please confirm that this is your address, and you will hear about new music and shows first.';
  const ignore = "Didn't sign up? Ignore this email and you won't hear from us again.";
  return callToAction({
    subject,
    title: 'Confirm your subscription',
    intro,
    action: { label: 'Confirm my subscription', url: confirmUrl, textLabel: 'Confirm' },
    closing: ignore,
    footer: { label: 'Unsubscribe', url: unsubscribeUrl },
  });
}

/** 2. To the buyer: the order is on its way, with its tracking number (and link, if known). */
export function orderShipped(
  order: OrderEmailData,
  trackingNumber: string,
  carrier: Carrier | null,
): RenderedEmail {
  const number = orderNumber(order.id);
  const subject = `Your order ${number} is on its way`;
  const address = formatShippingAddress(order.shippingAddress);
  const via = carrier ? ` with ${carrier.name}` : '';
  const items = order.items.map((item) => `${item.quantity} x ${item.product_name}`);
  const html = layout(
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
  return { subject, html, text };
}

/** What one refund of an order gave back: the amount, and the lines it named (none for an amount). */
export interface RefundEmailData {
  orderId: number;
  customerName: string | null;
  amountCents: number;
  /** The order's total and what has been refunded of it, this refund included. */
  totalCents: number;
  refundedCents: number;
  lines: { name: string; quantity: number }[];
}

/** To the buyer of an online order, for each refund the artist makes: "Your refund of $45.00". */
export function orderRefunded(refund: RefundEmailData): RenderedEmail {
  const number = orderNumber(refund.orderId);
  const amount = `$${dollars(refund.amountCents)}`;
  const subject = `Your refund of ${amount}`;
  const greeting = refund.customerName ? `Hi ${refund.customerName},` : 'Hi,';
  const said = `${amount} of order ${number} has been refunded to the card you paid with. It can take 5 to 10 days to show on your statement.`;
  const items = refund.lines.map((line) => `${line.quantity} x ${line.name}`);
  const kept = refund.totalCents - refund.refundedCents;
  const sums = [
    `Refunded now: ${amount}`,
    `Refunded in all: $${dollars(refund.refundedCents)} of $${dollars(refund.totalCents)}`,
    ...(kept > 0 ? [`Still paid: $${dollars(kept)}`] : []),
  ];
  const html = layout(
    subject,
    [
      heading(subject),
      paragraph(`${greeting}\n${said}`),
      ...(items.length ? [divider(), paragraph(`Refunded:\n${items.join('\n')}`)] : []),
      divider(),
      paragraph(sums.join('\n')),
      paragraph('Questions? Just reply to this email.'),
    ].join('\n'),
  );
  const text = [
    subject,
    '',
    greeting,
    said,
    ...(items.length ? ['', 'Refunded:', ...items] : []),
    '',
    ...sums,
    '',
    'Questions? Just reply to this email.',
  ].join('\n');
  return { subject, html, text };
}

/** "XL", "M and XL", "S, M and XL". */
const sizeList = (sizes: string[]) =>
  sizes.length > 1
    ? `${sizes.slice(0, -1).join(', ')} and ${sizes[sizes.length - 1]}`
    : sizes.join('');

/**
 * To a buyer who left an unpaid Stripe checkout and agreed to promotional emails: the cart's items
 * and Stripe's recovery link, which opens a new checkout of the same cart.
 */
export function checkoutReminder(items: OrderLineItem[], recoveryUrl: string): RenderedEmail {
  const subject = 'You left something in your cart';
  const intro =
    "You started an order on the site but didn't finish paying. Your cart is still waiting: the link below takes you back to checkout with the same items.";
  const why =
    'You agreed to hear from us at checkout; this is the only reminder we send for this cart.';
  const list = items.map(
    (item) =>
      `${item.quantity} x ${item.product_name}` +
      (item.pre_order_until ? ` (${preOrderNote(item.pre_order_until)})` : ''),
  );
  return callToAction({
    subject,
    title: 'Your cart is waiting',
    intro,
    details: list,
    action: { label: 'Return to checkout', url: recoveryUrl },
    closing: why,
  });
}

/** The way out of a product's back-in-stock emails, under each of them. */
const alertUnsubscribe = (url: string) => ({
  label: 'Unsubscribe from alerts for this product',
  url,
});

/**
 * 5. To a fan who asked to be told: the product is back in the shop, with a one-click way out.
 * `sizes`: those back that the fan asked about (the one size asked for, or every size back for a
 * request about the product as a whole); the email names them.
 */
export function backInStock(
  productName: string,
  shopUrl: string,
  unsubscribeUrl: string,
  sizes: string[] = [],
): RenderedEmail {
  const inSizes = sizes.length ? ` in ${sizeList(sizes)}` : '';
  const subject = oneLine(`The ${productName} is back in stock${inSizes}`);
  const intro = `Good news: the ${oneLine(productName)} you asked about is back in the shop${inSizes}. Sizes and quantities are limited, so don't wait too long.`;
  const why = `You're getting this email because you asked to hear when the ${oneLine(productName)} was back. We'll only write about it once.`;
  return callToAction({
    subject,
    title: 'Back in stock',
    intro,
    action: { label: 'Shop now', url: shopUrl },
    closing: why,
    footer: alertUnsubscribe(unsubscribeUrl),
  });
}

/**
 * The double opt-in email of a notify-me request from an address that had unsubscribed from
 * back-in-stock emails: no alert goes to it until the link's button is pressed.
 */
export function notifyConfirmation(
  productName: string,
  confirmUrl: string,
  unsubscribeUrl: string,
): RenderedEmail {
  const subject = oneLine(`Please confirm: an email when the ${productName} is back in stock`);
  const intro = `Someone asked, with this address, to hear when the ${oneLine(productName)} is back in the shop. This address had asked for no more of these emails, so we'll only send it once you confirm.`;
  const ignore = "Didn't ask? Ignore this email and you won't hear about it.";
  return callToAction({
    subject,
    title: 'Confirm your alert',
    intro,
    action: { label: "Yes, tell me when it's back", url: confirmUrl, textLabel: 'Confirm' },
    closing: ignore,
    footer: alertUnsubscribe(unsubscribeUrl),
  });
}

/**
 * To a member whose renewal was declined: Stripe retries the card for a few days, and the
 * link opens Stripe's billing portal, where she puts in another card. One per declined invoice.
 */
export function membershipCardDeclined(tierName: string | null, updateUrl: string): RenderedEmail {
  const subject = 'Your card was declined';
  const tier = tierName ? ` (${oneLine(tierName)})` : '';
  const intro = `We couldn't renew your membership${tier}: your card was declined. Your perks stay while the payment is retried over the next few days; to keep your membership, update your card now.`;
  const closing =
    "Already sorted it out? Then there's nothing to do: the next retry will go through.";
  return callToAction({
    subject,
    title: 'Your card was declined',
    intro,
    action: { label: 'Update your card', url: updateUrl },
    closing,
  });
}

/** 8. To the artist: a link to choose a new admin password (single-use, 30 minutes). */
export function passwordReset(resetUrl: string, minutes: number): RenderedEmail {
  const subject = 'Reset your password';
  const intro = `Someone (hopefully you) asked to reset the password of the site's admin. The link works once, for ${minutes} minutes.`;
  const ignore =
    "Didn't ask for this? Ignore this email: the password stays as it is, and the link expires.";
  return callToAction({
    subject,
    title: 'Reset your password',
    intro,
    action: { label: 'Choose a new password', url: resetUrl },
    closing: ignore,
  });
}

/** An email whose HTML is still MJML to compile. */
export interface MjmlEmail {
  subject: string;
  source: string;
  text: string;
}

export interface CampaignEmailData {
  subject: string;
  /** The body's Markdown rendered and sanitised (campaigns/campaign-content.ts). */
  bodyHtml: string;
  /** The body as written: Markdown reads as plain text. */
  bodyText: string;
  /** The campaign's public page. */
  viewUrl: string;
  unsubscribeUrl: string;
  /** The artist's postal address (CAN-SPAM). */
  postalAddress: string;
  /** A test copy says so at the top. */
  test: boolean;
  /**
   * Why a member gets a message of her membership (a perk's, sent whether or not she is on the
   * mailing list): the footer says so and links to her account instead of unsubscribing her.
   */
  membershipReason?: string;
}

const YOUR_ACCOUNT_LABEL = 'Your account';

/**
 * A campaign (newsletter or show announcement): the artist's words in the layout of every email,
 * a "view in your browser" link, and a footer with the unsubscribe link and her postal address.
 * No tracking pixel, no rewritten links. Its MJML, which the caller compiles (`MjmlCompiler`:
 * off the event loop, as a campaign's render must be).
 */
export function campaignEmailSource(data: CampaignEmailData): MjmlEmail {
  const subject = oneLine(data.subject);
  const view = `<mj-text font-size="13px" align="center" color="${COLOURS.inkSoft}"><a href="${escapeHtml(data.viewUrl)}" style="color:${COLOURS.inkSoft}">View this email in your browser</a></mj-text>`;
  const notice = data.test
    ? `<mj-text font-size="14px" color="${COLOURS.accent}">This is a test copy: it was sent to you alone, and nothing was counted.</mj-text>`
    : '';
  const reason = data.membershipReason;
  const accountUrl = manageEmailsUrl(data.viewUrl);
  const footer = [
    reason === undefined
      ? `<a href="${data.unsubscribeUrl === '<!--unsubscribe-url-->' ? data.unsubscribeUrl : escapeHtml(data.unsubscribeUrl)}" style="color:${COLOURS.inkSoft}">Unsubscribe</a> · ${footerLink(MANAGE_EMAILS_LABEL, accountUrl)}`
      : footerLink(YOUR_ACCOUNT_LABEL, accountUrl),
    escapeHtml(
      reason ?? `You are receiving this because you joined ${ARTIST_NAME}'s mailing list.`,
    ),
    escapeHtml(data.postalAddress).replace(/\n/g, '<br />'),
  ].join('<br />');
  const source = layoutSource(
    subject,
    [view, notice, `<mj-text>${data.bodyHtml}</mj-text>`].filter(Boolean).join('\n'),
    footer,
  );
  const text = [
    ...(data.test
      ? ['This is a test copy: it was sent to you alone, and nothing was counted.', '']
      : []),
    `View this email in your browser: ${data.viewUrl}`,
    '',
    data.bodyText.trim(),
    '',
    '--',
    ...(reason === undefined
      ? [
          `Unsubscribe: ${data.unsubscribeUrl}`,
          `${MANAGE_EMAILS_LABEL}: ${accountUrl}`,
          `You are receiving this because you joined ${ARTIST_NAME}'s mailing list.`,
        ]
      : [`${YOUR_ACCOUNT_LABEL}: ${accountUrl}`, reason]),
    data.postalAddress,
  ].join('\n');
  return { subject, source, text };
}

/**
 * To a fan signing in to her account: the 6-digit code to type, and a one-click link, both
 * working once, for `minutes`.
 */
export function accountSignIn(code: string, linkUrl: string, minutes: number): RenderedEmail {
  const subject = `Your sign-in code: ${code}`;
  return callToAction({
    subject,
    title: 'Sign in to your account',
    intro: `Your code is ${code}. Type it on the sign-in page, or use the button below. The code and the button work once, for ${minutes} minutes.`,
    action: { label: 'Sign in', url: linkUrl },
    closing:
      "Didn't ask to sign in? Ignore this email: nobody can sign in without this code or link.",
  });
}

/** The last email to a fan who erased her account: what was done, and that nothing follows. */
export function accountErased(siteUrl: string): RenderedEmail {
  const subject = 'Your account and your data were erased';
  return callToAction({
    subject,
    title: 'Your data was erased',
    intro:
      'As you asked, your account, your passkeys and the data held about you were erased, and you were signed out everywhere. An order still to ship keeps only what shipping needs until it ships.',
    action: { label: 'Visit the site', url: siteUrl },
    closing: 'This is the last email you will get from us unless you sign up or order again.',
  });
}
