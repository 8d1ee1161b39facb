import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { In, MoreThan, type EntityManager } from 'typeorm';
import {
  ACCOUNT_PATH,
  type EmailKind,
  type EmailSubject,
  type OrderLineItem,
  type ShippingAddress,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import { carrierOf, normaliseTracking, type Carrier } from './carriers.js';
import { takeQuota } from './mail-quotas.js';
import { mailboxQuotaName } from './mailbox.js';
import { OutboxEmail } from './outbox-email.entity.js';
import {
  accountErased,
  accountSignIn,
  artistContactAlert,
  artistFreeOrdersDigest,
  artistOrderAlert,
  backInStock,
  checkoutReminder,
  membershipCardDeclined,
  newsletterConfirmation,
  notifyConfirmation,
  orderConfirmation,
  orderShipped,
  passwordReset,
  type ContactEmailData,
  type DownloadEmailLink,
  type FreeOrderLine,
  type RenderedEmail,
} from './templates.js';

export interface Recipient {
  address: string;
  name?: string | null;
}

export interface QueuedEmail {
  /** Unique per business fact, such as `order-confirmation:42`. */
  key: string;
  kind: EmailKind;
  /**
   * The record whose change causes it, by which a fan's erasure finds it; null only for a copy
   * of an email queued before emails named their subject.
   */
  subject: EmailSubject | null;
  to: Recipient;
  replyTo?: Recipient;
  listUnsubscribe?: string;
  content: RenderedEmail;
  /**
   * Anyone can cause it by typing the address in (a signup, a free order, a code redeemed): it
   * counts against the mailbox's MAILBOX_EMAILS_PER_DAY and is not queued past them.
   */
  strangerCaused?: boolean;
}

/** Emails a stranger can cause that one mailbox may be sent in a day (see `mailboxKey`). */
export const MAILBOX_EMAILS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

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
 * Queues emails as rows of the outbox, always with the caller's transaction manager, so an email
 * exists exactly when the change that causes it was committed. The sender delivers them later.
 */
@Injectable()
export class OutboxService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Order confirmation to the buyer, and the artist's alert when ARTIST_EMAIL is set. A `free`
   * order (nothing paid) needs no card, so anyone can place one for any address: its
   * confirmation is `strangerCaused`, and the artist hears of it in the hour's digest
   * (`queueFreeOrdersDigest`) instead.
   */
  async queueOrderPaid(
    manager: EntityManager,
    order: PaidOrder,
    shipping: number | null,
    { downloads = [], free = false }: { downloads?: DownloadEmailLink[]; free?: boolean } = {},
  ): Promise<void> {
    if (typeof order.id !== 'number') throw new Error('The order must be inserted first.');
    const data = {
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
      downloadTerms: { days: this.config.downloads.days, limit: this.config.downloads.limit },
    };
    if (order.email) {
      await this.queue(manager, {
        key: `order-confirmation:${order.id}`,
        kind: 'order-confirmation',
        subject: { type: 'order', id: order.id },
        to: { address: order.email, name: order.customerName },
        replyTo: this.artistReplyTo(),
        content: orderConfirmation(data, this.config.publicUrl),
        strangerCaused: free,
      });
    }
    const artist = this.config.mail.artistEmail;
    if (artist && !free) {
      const adminUrl = `${this.config.publicUrl}/admin?tab=orders&search=${encodeURIComponent(order.email)}`;
      await this.queue(manager, {
        key: `artist-order:${order.id}`,
        kind: 'artist-order',
        subject: { type: 'order', id: order.id },
        to: { address: artist },
        replyTo: order.email ? { address: order.email, name: order.customerName } : undefined,
        content: artistOrderAlert(data, adminUrl),
      });
    }
  }

  /**
   * The shipped email of a fulfilled online order with a tracking number: one per number, so
   * saving the same number again queues nothing and a new number sends a new email.
   */
  async queueOrderShipped(
    manager: EntityManager,
    order: PaidOrder & {
      trackingNumber: string | null;
      salesChannel: string;
      fulfillmentStatus: string;
    },
  ): Promise<void> {
    const tracking = order.trackingNumber?.trim();
    if (!tracking || !order.email || order.salesChannel !== 'online') return;
    if (order.fulfillmentStatus !== 'fulfilled') return;
    const digest = createHash('sha256').update(normaliseTracking(tracking)).digest('hex');
    await this.queue(manager, {
      key: `order-shipped:${order.id}:${digest.slice(0, 40)}`,
      kind: 'order-shipped',
      subject: { type: 'order', id: order.id },
      to: { address: order.email, name: order.customerName },
      replyTo: this.artistReplyTo(),
      content: orderShipped(
        {
          id: order.id,
          email: order.email,
          customerName: order.customerName,
          items: order.lineItems,
          shipping: null,
          total: order.total,
          shippingAddress: order.shippingAddress,
        },
        tracking,
        carrierOf(tracking),
      ),
    });
  }

  /**
   * The shipped email of one shipment of an order (part of it, or its rest): that parcel's lines
   * and its tracking link, once per shipment.
   */
  async queueShipmentShipped(
    manager: EntityManager,
    order: Pick<PaidOrder, 'email' | 'customerName' | 'shippingAddress' | 'total'> & { id: number },
    shipment: {
      id: number;
      items: OrderLineItem[];
      trackingNumber: string;
      carrier: Carrier | null;
    },
  ): Promise<void> {
    if (!order.email) return;
    await this.queue(manager, {
      key: `order-shipment:${shipment.id}`,
      kind: 'order-shipped',
      subject: { type: 'order', id: order.id },
      to: { address: order.email, name: order.customerName },
      replyTo: this.artistReplyTo(),
      content: orderShipped(
        {
          id: order.id,
          email: order.email,
          customerName: order.customerName,
          items: shipment.items,
          shipping: null,
          total: order.total,
          shippingAddress: order.shippingAddress,
        },
        shipment.trackingNumber,
        shipment.carrier,
      ),
    });
  }

  /**
   * The artist's one email about the free orders of the hour starting at `hourStart` (epoch ms):
   * keyed by the hour, so of several instances gathering it only one queues it. False when it was
   * queued already or ARTIST_EMAIL is not set.
   */
  async queueFreeOrdersDigest(
    manager: EntityManager,
    hourStart: number,
    orders: FreeOrderLine[],
  ): Promise<boolean> {
    const artist = this.config.mail.artistEmail;
    if (!artist || orders.length === 0) return false;
    const hour = new Date(hourStart).toISOString();
    return this.queue(manager, {
      key: `${FREE_ORDERS_DIGEST_KIND}:${hour}`,
      kind: FREE_ORDERS_DIGEST_KIND,
      subject: { type: 'free-orders', id: hour },
      to: { address: artist },
      content: artistFreeOrdersDigest(orders, `${this.config.publicUrl}/admin?tab=orders`),
    });
  }

  /** The artist's alert of a new contact message; replies go to the fan. */
  async queueContactMessage(
    manager: EntityManager,
    id: number,
    message: ContactEmailData,
  ): Promise<void> {
    const artist = this.config.mail.artistEmail;
    if (!artist) return;
    await this.queue(manager, {
      key: `artist-contact:${id}`,
      kind: 'artist-contact',
      subject: { type: 'contact-message', id },
      to: { address: artist },
      replyTo: { address: message.email, name: `${message.firstName} ${message.lastName}` },
      content: artistContactAlert(message, `${this.config.publicUrl}/admin?tab=contact`),
    });
  }

  /**
   * The double opt-in email of a signup, with one-click unsubscribe. Its time and confirm token
   * make its key, so each re-send is a row of its own. False when the mailbox has had its emails
   * for the day: nothing is queued.
   */
  async queueNewsletterConfirmation(
    manager: EntityManager,
    signup: { id: number; email: string; confirmToken: string; unsubscribeToken: string },
    sentAt: number,
  ): Promise<boolean> {
    const links = newsletterLinks(this.config.publicUrl, signup);
    return this.queue(manager, {
      key: `newsletter-confirm:${signup.id}:${sentAt}:${signup.confirmToken.slice(0, 12)}`,
      kind: 'newsletter-confirm',
      subject: { type: 'signup', id: signup.id },
      to: { address: signup.email },
      listUnsubscribe: links.unsubscribe,
      content: newsletterConfirmation(links.confirm, links.unsubscribe),
      strangerCaused: true,
    });
  }

  /**
   * The double opt-in email of a notify-me request from an address that had unsubscribed from
   * back-in-stock emails; false when the mailbox has had its emails for the day.
   */
  async queueNotifyConfirmation(
    manager: EntityManager,
    request: {
      id: number;
      email: string;
      productName: string;
      confirmToken: string;
      unsubscribeToken: string;
    },
    sentAt: number,
  ): Promise<boolean> {
    const confirm = `${this.config.publicUrl}${NOTIFY_CONFIRM_PATH}?token=${encodeURIComponent(request.confirmToken)}`;
    const unsubscribe = notifyUnsubscribeLink(this.config.publicUrl, request.unsubscribeToken);
    return this.queue(manager, {
      key: `notify-confirm:${request.id}:${sentAt}:${request.confirmToken.slice(0, 12)}`,
      kind: 'notify-confirm',
      subject: { type: 'notify-me', id: request.id },
      to: { address: request.email },
      listUnsubscribe: unsubscribe,
      content: notifyConfirmation(request.productName, confirm, unsubscribe),
      strangerCaused: true,
    });
  }

  /**
   * The back-in-stock alert of one notify-me request, with one-click unsubscribe from that
   * product's alerts: one per request, however often it is asked for. False when it was queued
   * already or the mailbox has had its emails for the day.
   */
  async queueBackInStock(
    manager: EntityManager,
    request: { id: number; email: string; productName: string; token: string; sizes?: string[] },
  ): Promise<boolean> {
    const unsubscribe = notifyUnsubscribeLink(this.config.publicUrl, request.token);
    return this.queue(manager, {
      key: `back-in-stock:${request.id}`,
      kind: 'back-in-stock',
      subject: { type: 'notify-me', id: request.id },
      to: { address: request.email },
      listUnsubscribe: unsubscribe,
      content: backInStock(
        request.productName,
        `${this.config.publicUrl}/#merch`,
        unsubscribe,
        request.sizes,
      ),
      strangerCaused: true,
    });
  }

  /**
   * The reminder of an abandoned checkout (`checkout_reminders`): its items and Stripe's recovery
   * link, once per checkout session; false when the mailbox has had its emails for the day (the
   * address was typed at checkout, by anyone).
   */
  async queueCheckoutReminder(
    manager: EntityManager,
    reminder: { sessionId: string; email: string; recoveryUrl: string; items: OrderLineItem[] },
  ): Promise<boolean> {
    return this.queue(manager, {
      key: `checkout-reminder:${reminder.sessionId}`,
      kind: 'checkout-reminder',
      subject: { type: 'checkout-session', id: reminder.sessionId },
      to: { address: reminder.email },
      replyTo: this.artistReplyTo(),
      content: checkoutReminder(reminder.items, reminder.recoveryUrl),
      strangerCaused: true,
    });
  }

  /**
   * "Your card was declined" to a member whose renewal failed, with the link that opens Stripe's
   * billing portal; once per declined invoice, however often Stripe retries and says so.
   */
  async queueMembershipCardDeclined(
    manager: EntityManager,
    declined: {
      membershipId: number;
      invoiceId: string;
      email: string;
      tierName: string | null;
      updateUrl: string;
    },
  ): Promise<boolean> {
    return this.queue(manager, {
      key: `membership-card-declined:${declined.invoiceId}`,
      kind: 'membership-card-declined',
      subject: { type: 'membership', id: declined.membershipId },
      to: { address: declined.email },
      replyTo: this.artistReplyTo(),
      content: membershipCardDeclined(declined.tierName, declined.updateUrl),
    });
  }

  /**
   * The admin's password-reset link, to ARTIST_EMAIL; false when that is not set (nowhere to
   * send it). Keyed by the token's hash, so each request is an email of its own.
   */
  async queuePasswordReset(
    manager: EntityManager,
    reset: { userId: string; token: string; tokenHash: string; minutes: number },
  ): Promise<boolean> {
    const artist = this.config.mail.artistEmail;
    if (!artist) return false;
    const link = `${this.config.publicUrl}${PASSWORD_RESET_PAGE}?token=${encodeURIComponent(reset.token)}`;
    return this.queue(manager, {
      key: `password-reset:${reset.tokenHash.slice(0, 40)}`,
      kind: 'password-reset',
      subject: { type: 'user', id: reset.userId },
      to: { address: artist },
      content: passwordReset(link, reset.minutes),
    });
  }

  /**
   * A fan's sign-in code and one-click link (`/account?token=…`): anyone can ask for one for any
   * address, so it is `strangerCaused`. False when the mailbox has had its emails for the day.
   */
  async queueAccountSignIn(
    manager: EntityManager,
    signIn: {
      id: number;
      email: string;
      code: string;
      token: string;
      tokenHash: string;
      minutes: number;
    },
  ): Promise<boolean> {
    const link = `${this.config.publicUrl}${ACCOUNT_PATH}?token=${encodeURIComponent(signIn.token)}`;
    return this.queue(manager, {
      key: `account-sign-in:${signIn.tokenHash.slice(0, 40)}`,
      kind: 'account-sign-in',
      subject: { type: 'sign-in-code', id: signIn.id },
      to: { address: signIn.email },
      content: accountSignIn(signIn.code, link, signIn.minutes),
      strangerCaused: true,
    });
  }

  /** The last email to a fan who erased her own account (queued after the erasure). */
  async queueAccountErased(manager: EntityManager, email: string, at: number): Promise<boolean> {
    return this.queue(manager, {
      key: `account-erased:${createHash('sha256').update(email).digest('hex').slice(0, 32)}:${at}`,
      kind: 'account-erased',
      subject: null,
      to: { address: email },
      content: accountErased(this.config.publicUrl),
    });
  }

  /**
   * Counts one email a stranger caused to the address's mailbox: at most MAILBOX_EMAILS_PER_DAY
   * in a day, however the address is spelt (`mailboxKey`), so many spellings of one address
   * cannot flood it. Counted in the caller's transaction, with the email.
   */
  private async mailboxAllows(manager: EntityManager, address: string): Promise<boolean> {
    const limit = { max: MAILBOX_EMAILS_PER_DAY, windowMs: DAY_MS, aligned: false };
    const now = this.clock.now().getTime();
    return (await takeQuota(manager, mailboxQuotaName(address), limit, now)).granted;
  }

  /** How many emails the outbox holds in each status, and when the oldest queued one was queued. */
  async figures(manager: EntityManager): Promise<{
    byStatus: Record<string, number>;
    oldestQueuedAt: number | null;
  }> {
    const rows = await manager
      .createQueryBuilder(OutboxEmail, 'e')
      .select('e.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .groupBy('e.status')
      .getRawMany<{ status: string; n: number | string }>();
    const oldest = await manager
      .createQueryBuilder(OutboxEmail, 'e')
      .select('MIN(e.createdAt)', 'at')
      .where('e.status = :status', { status: 'queued' })
      .getRawOne<{ at: number | string | null }>();
    return {
      byStatus: Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])),
      oldestQueuedAt: oldest?.at == null ? null : Number(oldest.at),
    };
  }

  /**
   * Writes one email; false when its key is already queued (a retried webhook, a double click),
   * or it is `strangerCaused` and its mailbox has had its emails for the day. On MySQL and
   * SQLite a refused row undoes only its own statement, so the caller's transaction goes on.
   */
  async queue(manager: EntityManager, email: QueuedEmail): Promise<boolean> {
    if (email.strangerCaused && !(await this.mailboxAllows(manager, email.to.address))) {
      return false;
    }
    const now = this.clock.now().getTime();
    try {
      await manager.insert(OutboxEmail, {
        key: email.key,
        kind: email.kind,
        subjectType: email.subject?.type ?? null,
        subjectId: email.subject ? String(email.subject.id) : null,
        toAddress: normaliseEmail(email.to.address),
        toName: email.to.name ? clip(email.to.name, 200) : null,
        replyToAddress: email.replyTo ? normaliseEmail(email.replyTo.address) : null,
        replyToName: email.replyTo?.name ? clip(email.replyTo.name, 200) : null,
        subject: clip(email.content.subject, 300),
        html: email.content.html,
        text: email.content.text,
        listUnsubscribe: email.listUnsubscribe ?? null,
        messageId: this.newMessageId(),
        status: this.config.mail.smtpUrl ? 'queued' : 'held',
        attempts: 0,
        lastError: null,
        nextAttemptAt: now,
        sentAt: null,
        createdAt: now,
      });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** Which of these keys are queued already (sent or not), among emails created since `since` (epoch ms). */
  async queuedKeys(manager: EntityManager, keys: string[], since: number): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await manager.find(OutboxEmail, {
      select: { key: true },
      where: { key: In(keys), createdAt: MoreThan(since) },
    });
    return new Set(rows.map((row) => row.key));
  }

  /** Buyer emails say "just reply": the reply goes to ARTIST_EMAIL when it is set. */
  artistReplyTo(): Recipient | undefined {
    const artist = this.config.mail.artistEmail;
    return artist ? { address: artist, name: this.config.mail.from.name } : undefined;
  }

  /** A Message-ID fixed at queueing time, so a re-send after a crash is the same message. */
  private newMessageId(): string {
    const host = new URL(this.config.publicUrl).hostname || 'localhost';
    return `<${Date.now().toString(36)}.${randomBytes(12).toString('hex')}@${host}>`;
  }
}

/**
 * The confirm page of a signup's one-time confirm token, and the one-click unsubscribe URL
 * (List-Unsubscribe) of its lasting unsubscribe token.
 */
export function newsletterLinks(
  publicUrl: string,
  tokens: { confirmToken: string; unsubscribeToken: string },
) {
  return {
    confirm: `${publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(tokens.confirmToken)}`,
    unsubscribe: `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(tokens.unsubscribeToken)}`,
  };
}

const notifyUnsubscribeLink = (publicUrl: string, token: string) =>
  `${publicUrl}${NOTIFY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** The admin's page that sets a new password from a reset link's token. */
export const PASSWORD_RESET_PAGE = '/admin/reset-password';

export const NEWSLETTER_CONFIRM_PATH = '/api/newsletter/confirm';
/** The unsubscribed page's "Subscribe again" button: a one-time token lets it send a confirmation. */
export const NEWSLETTER_RESUBSCRIBE_PATH = '/api/newsletter/resubscribe';
/** Exempt from the origin check: mail providers POST to it with no Origin (RFC 8058). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** One-click unsubscribe from one product's back-in-stock alerts; exempt from the origin check. */
export const NOTIFY_UNSUBSCRIBE_PATH = '/api/notify-me/unsubscribe';
/** The confirm page of a notify-me request that needs double opt-in. */
export const NOTIFY_CONFIRM_PATH = '/api/notify-me/confirm';

/** The artist's digest of free orders: one email an hour at most, whatever their number. */
export const FREE_ORDERS_DIGEST_KIND = 'artist-free-orders';

const clip = (value: string, length: number) => [...value].slice(0, length).join('');
