import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OrderLineItem } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { inTransaction, isDuplicateKeyError } from '../../database/transaction.js';
import { Order } from '../orders/order.entity.js';
import { CheckoutSession } from './checkout-session.entity.js';
import type { ProviderSession } from './payment-provider.js';

export type FulfilmentResult = 'created' | 'already-fulfilled' | 'unpaid' | 'unknown-session';

/**
 * Turns a paid checkout session into exactly one order. The webhook, the success return and the
 * test checkout page all come here, in any order and as often as they like: the unique key on
 * `orders.stripeSessionId` decides which call creates the order, never a check before the insert.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger(FulfilmentService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async fulfilPaidSession(session: ProviderSession): Promise<FulfilmentResult> {
    if (session.paymentStatus !== 'paid') return 'unpaid';
    const record = await this.dataSource
      .getRepository(CheckoutSession)
      .findOneBy({ sessionId: session.id });
    if (!record) {
      this.logger.warn(`Paid checkout session ${session.id} is not one of ours; no order made.`);
      return 'unknown-session';
    }
    // A shortcut for repeated deliveries; correctness does not depend on it.
    if (record.status === 'completed') return 'already-fulfilled';
    const now = this.clock.now();
    const order = buildOrder(record, session, now);
    return inTransaction(this.dataSource, async (manager) => {
      try {
        await manager.insert(Order, order);
      } catch (error) {
        // On MySQL and SQLite a refused row undoes only its own statement; the transaction goes
        // on and commits nothing of ours, so the other caller's order stands.
        if (isDuplicateKeyError(error)) return 'already-fulfilled';
        throw error;
      }
      await manager.update(
        CheckoutSession,
        { sessionId: record.sessionId },
        { status: 'completed', completedAt: now },
      );
      return 'created';
    });
  }
}

function buildOrder(record: CheckoutSession, session: ProviderSession, now: Date): Partial<Order> {
  const lineItems: OrderLineItem[] = record.soldLines().map((line) => ({
    product_name: line.name,
    quantity: line.quantity,
    price: line.unitPrice,
  }));
  return {
    email: session.email ?? '',
    customerName: session.customerName,
    // SPEC.md §3's object shape: `{ name, address: { line1, …, country } }`.
    shippingAddress: JSON.stringify(
      session.shipping ? { name: session.shipping.name, address: session.shipping.address } : {},
    ),
    lineItems: JSON.stringify(lineItems),
    total: session.amountTotal ?? record.total,
    stripeSessionId: record.sessionId,
    paymentStatus: 'paid',
    paymentMethod: null,
    testMode: record.provider === 'test',
    salesChannel: 'online',
    showLocation: null,
    fulfillmentStatus: 'pending',
    createdAt: now,
  };
}
