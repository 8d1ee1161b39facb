import { GoneException, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { normaliseEmail } from '../../common/strings.js';
import { isDuplicateKeyError, Transactions } from '../../database/transaction.js';
import { InventoryService, CatalogService } from '../catalog/index.js';
import { DiscountsService } from '../discounts/index.js';
import { DownloadsService } from '../releases/index.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OutboxService } from '../email/index.js';
import { DomainEvents } from '../../common/domain-events.js';
import {
  addressColumns,
  OrdersService,
  toView,
  type NewOrderLine,
  type StoredOrder,
  type PlacedOrder,
} from '../orders/index.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { ChargeEvent } from './charge-event.entity.js';
import { isFreeOrder } from './digital-lines.js';
import { orderPaidEmails } from './emails/order-paid.email.js';
import type { ChargeUpdate, ProviderSession } from './payment-provider.js';

export type FulfilmentResult = 'created' | 'already-fulfilled' | 'unpaid' | 'unknown-session';

/** Pay on a session that was cancelled or expired: refused, as Stripe refuses a closed session. */
export const SESSION_CLOSED_MESSAGE =
  'This checkout was cancelled or has expired, and nothing was charged: go back to the cart to check out again.';

/**
 * Turns a paid checkout session into exactly one order. The webhook, the success return and the
 * test checkout page all come here, in any order and as often as they like: the unique key on
 * `orders.stripeSessionId` decides which call creates the order, never a check before the insert.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger(FulfilmentService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly outbox: OutboxService,
    private readonly inventory: InventoryService,
    private readonly discounts: DiscountsService,
    private readonly downloads: DownloadsService,
    private readonly transactions: Transactions,
    private readonly orders: OrdersService,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * `refuseClosed` (the test provider's Pay): a session closed by a cancel or by its expiry gets
   * no order (410), decided in the order's transaction, so a cancel at the same moment either
   * comes first and the payment is refused, or comes second and finds the session completed.
   * Stripe's own payments are never refused: its money has moved.
   */
  async fulfilPaidSession(
    session: ProviderSession,
    { refuseClosed = false }: { refuseClosed?: boolean } = {},
  ): Promise<FulfilmentResult> {
    if (session.paymentStatus !== 'paid') {
      // Completed but the money is still on its way: keep the row past the daily clean-up.
      if (session.status === 'complete') {
        await this.dataSource
          .getRepository(CheckoutSession)
          .update({ sessionId: session.id, status: 'open' }, { status: 'processing' });
      }
      return 'unpaid';
    }
    const record =
      (await this.dataSource.getRepository(CheckoutSession).findOneBy({ sessionId: session.id })) ??
      (session.recoveredFrom
        ? await this.recoveredRecord(session.id, session.recoveredFrom)
        : null);
    if (!record) {
      this.logger.warn(`Paid checkout session ${session.id} is not one of ours; no order made.`);
      return 'unknown-session';
    }
    // A shortcut for repeated deliveries; correctness does not depend on it.
    if (record.status === 'completed') return 'already-fulfilled';
    const now = this.clock.now();
    const order = buildOrder(record, session, now);
    const result = await this.transactions.run(async (manager) => {
      if (refuseClosed) {
        // Claims the session (on MySQL, locks its row until the commit) before anything is sold.
        const claimed = await manager.update(
          CheckoutSession,
          { sessionId: record.sessionId, status: In(['open', 'processing']) },
          { status: 'completed', completedAt: now },
        );
        if (!claimed.affected) {
          const current = await manager.findOneBy(CheckoutSession, { sessionId: record.sessionId });
          if (current?.status === 'completed') return 'already-fulfilled' as const;
          throw new GoneException(SESSION_CLOSED_MESSAGE);
        }
      }
      order.fanId = await this.events.fanOf(manager, order.email, now);
      let placed: PlacedOrder;
      try {
        // A recovered session sells what its expired session held (released since) and uses its code.
        placed = await this.orders.insertPaid(
          manager,
          order,
          await this.soldLines(manager, record),
          record.recoveredFrom ?? record.sessionId,
        );
      } catch (error) {
        // On MySQL and SQLite a refused row undoes only its own statement; the transaction goes
        // on and commits nothing of ours, so the other caller's order stands.
        if (isDuplicateKeyError(error)) return 'already-fulfilled';
        throw error;
      }
      // A session Pay claimed above is completed already.
      if (!refuseClosed)
        await manager.update(
          CheckoutSession,
          { sessionId: record.sessionId },
          { status: 'completed', completedAt: now },
        );
      const view = toView(placed);
      const links = await this.downloads.linksOfOrder(manager, view.id);
      const emails = orderPaidEmails(this.config, view, order.shippingAmount ?? record.shipping, {
        downloads: this.downloads.emailLinks(links),
        free: isFreeOrder(order as StoredOrder),
      });
      for (const email of emails) await this.outbox.queue(manager, email);
      return 'created' as const;
    });
    // After the commit, so a refund or dispute recorded meanwhile is seen by one side or the other.
    if (session.paymentIntentId) await this.applyChargeEvents(session.paymentIntentId);
    return result;
  }

  /** The order lines of what a session sold, each naming its product's variant. */
  private async soldLines(
    manager: EntityManager,
    record: CheckoutSession,
  ): Promise<NewOrderLine[]> {
    const sold = record.soldLines();
    const stored = await this.catalog.withVariants(
      await this.catalog.productsByIds(manager, [...new Set(sold.map((line) => line.productId))]),
      manager,
    );
    return sold.map((line) => {
      const found = stored.find(({ product }) => product.id === line.productId);
      const product = found?.product;
      const variant = found?.variants.find((v) => v.size === (line.size ?? ''));
      const suffix = line.size ? ` - ${line.size}` : '';
      return {
        productId: line.productId,
        variantId: line.digital ? null : (variant?.id ?? null),
        productName:
          product?.name ??
          (suffix && line.name.endsWith(suffix) ? line.name.slice(0, -suffix.length) : line.name),
        size: line.size,
        kind: line.digital ? 'digital' : line.preOrderUntil ? 'pre-order' : 'physical',
        quantity: line.quantity,
        unitPriceCents: line.unitPrice,
        refundedQuantity: 0,
      };
    });
  }

  /**
   * The record of a session Stripe opened from an expired one's recovery link: a copy of the
   * expired session's record (what it sold, at its prices), naming it; null when that is unknown.
   */
  private async recoveredRecord(
    sessionId: string,
    recoveredFrom: string,
  ): Promise<CheckoutSession | null> {
    const sessions = this.dataSource.getRepository(CheckoutSession);
    const original = await sessions.findOneBy({ sessionId: recoveredFrom });
    if (!original) return null;
    try {
      await sessions.insert({
        sessionId,
        provider: original.provider,
        lines: original.lines,
        subtotal: original.subtotal,
        shipping: original.shipping,
        total: original.total,
        country: original.country,
        shippingRateName: original.shippingRateName,
        shippingOptions: original.shippingOptions,
        discountCode: original.discountCode,
        discountAmount: original.discountAmount,
        status: 'open',
        recoveredFrom,
      });
    } catch (error) {
      // Two deliveries at once: the other made it.
      if (!isDuplicateKeyError(error)) throw error;
    }
    return sessions.findOneBy({ sessionId });
  }

  /**
   * `checkout.session.async_payment_failed` or `checkout.session.expired` (or a cancel on the
   * test provider's page): no order; an open session is closed and what it held goes back to
   * stock (one that has its order stays completed, its holds sold).
   */
  async closeSession(sessionId: string, state: 'failed' | 'expired'): Promise<void> {
    await this.transactions.run(async (manager) => {
      await manager.update(
        CheckoutSession,
        { sessionId, status: In(['open', 'processing']) },
        { status: state },
      );
      await this.inventory.release(sessionId, manager);
      await this.discounts.release(sessionId, manager);
    });
  }

  /**
   * A refund or dispute: recorded against its payment intent (once per Stripe event), then applied
   * to the order if it exists yet; fulfilment applies it when the order appears. `within`, a
   * transaction's manager, records and applies it in that transaction (the admin's refund).
   */
  async recordChargeEvent(
    type: string,
    charge: ChargeUpdate,
    within?: EntityManager,
  ): Promise<void> {
    try {
      await (within ?? this.dataSource.manager)
        .getRepository(ChargeEvent)
        .insert({ ...charge, type });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    if (within) await this.applyChargeEventsIn(within, charge.paymentIntentId);
    else await this.applyChargeEvents(charge.paymentIntentId);
  }

  private applyChargeEvents(paymentIntentId: string): Promise<void> {
    return this.transactions.run((manager) => this.applyChargeEventsIn(manager, paymentIntentId));
  }

  /**
   * Sets the orders of a payment intent from every event recorded for it: computed from the
   * whole set, so the order of arrival and repeats do not matter. The order row is locked first
   * (SQLite runs the transaction alone), so two of these cannot interleave and write a stale view.
   * `manager` is a transaction's: the refund records its event in its own.
   */
  private async applyChargeEventsIn(
    manager: EntityManager,
    paymentIntentId: string,
  ): Promise<void> {
    const orders = await this.orders.lockedByPaymentIntent(manager, paymentIntentId);
    if (orders.length === 0) return;
    const events = await manager.getRepository(ChargeEvent).findBy({ paymentIntentId });
    if (events.length === 0) return;
    const update = paymentState(events);
    for (const order of orders) {
      if (
        order.paymentStatus === update.paymentStatus &&
        order.refundedAmount === update.refundedAmount
      ) {
        continue;
      }
      await this.orders.setPaymentState(manager, order, update);
    }
  }
}

/**
 * A full refund wins; then a dispute; then a partial refund. Refunded cents are Stripe's
 * cumulative `amount_refunded`, so the largest one seen is the current one.
 */
export function paymentState(events: Pick<ChargeEvent, 'type' | 'amount' | 'amountRefunded'>[]): {
  paymentStatus: string;
  refundedAmount: number;
} {
  const refunds = events.filter((e) => e.type === 'charge.refunded');
  const refundedAmount = Math.max(0, ...refunds.map((e) => e.amountRefunded));
  const fullyRefunded = refunds.some((e) => e.amountRefunded >= e.amount);
  const disputed = events.some((e) => e.type === 'charge.dispute.created');
  const paymentStatus = fullyRefunded
    ? 'refunded'
    : disputed
      ? 'disputed'
      : refundedAmount > 0
        ? 'partially_refunded'
        : 'paid';
  return { paymentStatus, refundedAmount };
}

function buildOrder(
  record: CheckoutSession,
  session: ProviderSession,
  now: Date,
): Partial<StoredOrder> {
  const shipsFrom = record
    .soldLines()
    .map((line) => line.preOrderUntil)
    .filter((date): date is string => date !== undefined)
    .sort()
    .pop();
  return {
    // Stripe keeps the buyer's address as typed.
    email: normaliseEmail(session.email ?? ''),
    customerName: session.customerName,
    ...addressColumns(
      session.shipping
        ? {
            name: session.shipping.name,
            line1: session.shipping.address.line1,
            line2: session.shipping.address.line2,
            city: session.shipping.address.city,
            state: session.shipping.address.state,
            postalCode: session.shipping.address.postal_code,
            country: session.shipping.address.country,
            phone: session.shipping.phone ?? null,
          }
        : null,
    ),
    total: session.amountTotal ?? record.total,
    shippingRateName: paidRateName(record, session),
    shippingAmount: session.shippingAmount ?? record.shipping,
    discountCode: record.discountCode,
    discountAmount: session.discountAmount ?? record.discountAmount,
    stripeSessionId: record.sessionId,
    paymentStatus: 'paid',
    paymentIntentId: session.paymentIntentId,
    refundedAmount: 0,
    paymentMethod: null,
    testMode: record.provider === 'test',
    salesChannel: 'online',
    showLocation: null,
    fulfillmentStatus: 'pending',
    createdAt: now,
    preOrder: shipsFrom !== undefined,
    preOrderUntil: shipsFrom ?? null,
    recovered: record.recoveredFrom !== null,
    taxAmount: session.taxAmount ?? 0,
  };
}

/**
 * The name of the rate paid: as the provider names it, else the offered rate of the amount paid
 * (the buyer's choice in the cart first), else the choice in the cart.
 */
function paidRateName(record: CheckoutSession, session: ProviderSession): string | null {
  if (session.shippingRateName) return session.shippingRateName;
  const paid = session.shippingAmount;
  const offered = record.offeredRates();
  const match = paid === null ? undefined : offered.find((rate) => rate.amountCents === paid);
  return match?.name ?? record.shippingRateName;
}
