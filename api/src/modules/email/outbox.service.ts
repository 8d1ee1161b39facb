import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderLineItem } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import type { Order } from '../orders/order.entity.js';
import { carrierOf, normaliseTracking } from './carriers.js';
import { OutboxEmail, type EmailKind } from './outbox-email.entity.js';
import {
  artistContactAlert,
  artistOrderAlert,
  backInStock,
  newsletterConfirmation,
  orderConfirmation,
  orderShipped,
  type ContactEmailData,
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
  to: Recipient;
  replyTo?: Recipient;
  listUnsubscribe?: string;
  content: RenderedEmail;
}

/** The order as fulfilment has just inserted it (the insert fills in its id). */
export type PaidOrder = Pick<
  Order,
  'id' | 'email' | 'customerName' | 'lineItems' | 'shippingAddress' | 'total'
>;

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

  /** Order confirmation to the buyer, and the artist's alert when ARTIST_EMAIL is set. */
  async queueOrderPaid(
    manager: EntityManager,
    order: PaidOrder,
    shipping: number | null,
  ): Promise<void> {
    if (typeof order.id !== 'number') throw new Error('The order must be inserted first.');
    const data = {
      id: order.id,
      email: order.email,
      customerName: order.customerName,
      items: JSON.parse(order.lineItems) as OrderLineItem[],
      shipping,
      total: order.total,
      shippingAddress: order.shippingAddress,
    };
    if (order.email) {
      await this.queue(manager, {
        key: `order-confirmation:${order.id}`,
        kind: 'order-confirmation',
        to: { address: order.email, name: order.customerName },
        content: orderConfirmation(data, this.config.publicUrl),
      });
    }
    const artist = this.config.mail.artistEmail;
    if (artist) {
      const adminUrl = `${this.config.publicUrl}/admin?tab=orders&search=${encodeURIComponent(order.email)}`;
      await this.queue(manager, {
        key: `artist-order:${order.id}`,
        kind: 'artist-order',
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
      to: { address: order.email, name: order.customerName },
      content: orderShipped(
        {
          id: order.id,
          email: order.email,
          customerName: order.customerName,
          items: JSON.parse(order.lineItems) as OrderLineItem[],
          shipping: null,
          total: order.total,
          shippingAddress: order.shippingAddress,
        },
        tracking,
        carrierOf(tracking),
      ),
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
      to: { address: artist },
      replyTo: { address: message.email, name: `${message.firstName} ${message.lastName}` },
      content: artistContactAlert(message, `${this.config.publicUrl}/admin?tab=contact`),
    });
  }

  /**
   * The double opt-in email of a signup, with one-click unsubscribe. `sentAt` makes its key, so
   * each (hourly at most) re-send is a row of its own.
   */
  async queueNewsletterConfirmation(
    manager: EntityManager,
    signup: { id: number; email: string; token: string },
    sentAt: number,
  ): Promise<void> {
    const links = newsletterLinks(this.config.publicUrl, signup.token);
    await this.queue(manager, {
      key: `newsletter-confirm:${signup.id}:${sentAt}`,
      kind: 'newsletter-confirm',
      to: { address: signup.email },
      listUnsubscribe: links.unsubscribe,
      content: newsletterConfirmation(links.confirm, links.unsubscribe),
    });
  }

  /**
   * The back-in-stock alert of one notify-me request, with one-click unsubscribe from that
   * product's alerts: one per request, however often it is asked for.
   */
  async queueBackInStock(
    manager: EntityManager,
    request: { id: number; email: string; productName: string; token: string },
  ): Promise<boolean> {
    const unsubscribe = `${this.config.publicUrl}${NOTIFY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.token)}`;
    return this.queue(manager, {
      key: `back-in-stock:${request.id}`,
      kind: 'back-in-stock',
      to: { address: request.email },
      listUnsubscribe: unsubscribe,
      content: backInStock(request.productName, `${this.config.publicUrl}/#merch`, unsubscribe),
    });
  }

  /**
   * Writes one email; false when its key is already queued (a retried webhook, a double click).
   * On MySQL and SQLite a refused row undoes only its own statement, so the caller's transaction
   * goes on.
   */
  async queue(manager: EntityManager, email: QueuedEmail): Promise<boolean> {
    const now = this.clock.now().getTime();
    try {
      await manager.insert(OutboxEmail, {
        key: email.key,
        kind: email.kind,
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

  /** A Message-ID fixed at queueing time, so a re-send after a crash is the same message. */
  private newMessageId(): string {
    const host = new URL(this.config.publicUrl).hostname || 'localhost';
    return `<${Date.now().toString(36)}.${randomBytes(12).toString('hex')}@${host}>`;
  }
}

/** The confirm page and the one-click unsubscribe URL (List-Unsubscribe) of a signup's token. */
export function newsletterLinks(publicUrl: string, token: string) {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    confirm: `${publicUrl}${NEWSLETTER_CONFIRM_PATH}${query}`,
    unsubscribe: `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}${query}`,
  };
}

export const NEWSLETTER_CONFIRM_PATH = '/api/newsletter/confirm';
/** Exempt from the origin check: mail providers POST to it with no Origin (RFC 8058). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** One-click unsubscribe from one product's back-in-stock alerts; exempt from the origin check. */
export const NOTIFY_UNSUBSCRIBE_PATH = '/api/notify-me/unsubscribe';

const clip = (value: string, length: number) => [...value].slice(0, length).join('');
