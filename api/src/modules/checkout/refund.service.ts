import { randomUUID } from 'node:crypto';
import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ERASED, type Order as OrderView } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { Transactions } from '../../database/transaction.js';
import { dollars } from '../../common/order-format.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { artistReplyTo, OutboxService } from '../email/index.js';
import { orderRefunded } from './emails/order-refunded.email.js';
import {
  lineItemName,
  OrdersService,
  refundOfLines,
  toView,
  type LineRefund,
  type StoredOrderLine,
  type PlacedOrder,
} from '../orders/index.js';

/** A line a refund names, and how many of it. */
type RefundedLine = LineRefund & { line: StoredOrderLine };
import type { RefundOrderDto } from './dto/refund-order.dto.js';
import { FulfilmentService } from './fulfilment.service.js';
import {
  PaymentProvider,
  PaymentProviderError,
  PaymentsNotSetUpError,
  RefundRefusedError,
} from './payment-provider.js';

export const REFUND_FAILED_MESSAGE =
  'The payment provider could not be reached, so nothing was refunded. Please try again.';

/**
 * POST /api/admin/orders/:id/refund. One refund of an order at a time (a named lock), so what is
 * left is read fresh for each; the provider's answer is recorded as a charge event, exactly like
 * the `charge.refunded` webhook, so whichever comes first sets the order's payment status and
 * refunded amount and the other changes nothing.
 */
@Injectable()
export class RefundService {
  private readonly logger = new Logger(RefundService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly orders: OrdersService,
    private readonly outbox: OutboxService,
  ) {}

  async refund(id: number, input: RefundOrderDto): Promise<OrderView> {
    return this.transactions.withNamedLock(`order-refund:${id}`, async () => {
      const order = await this.orders.find(id);
      if (!order) throw new NotFoundException('Order not found.');
      const left = this.leftToRefund(order);
      const lines = input.lines ? this.linesToRefund(order, input) : null;
      const amount = lines
        ? refundOfLines({ shippingCents: shippingOf(order), lines: order.lines }, lines)
        : (input.amount ?? left);
      if (amount > left) {
        throw new BadRequestException(
          `A refund of $${dollars(amount)} is more than the $${dollars(left)} left to refund on this order.`,
        );
      }
      const restock = input.restock ?? lines !== null;
      if (restock && order.restockedAt) {
        throw new BadRequestException(
          "This order's items were put back in stock already; untick the stock box to refund.",
        );
      }
      let charge;
      try {
        charge = await this.provider.refund({
          paymentIntentId: order.paymentIntentId!,
          amount,
          chargeAmount: order.total,
          refundedBefore: order.refundedAmount,
          idempotencyKey: randomUUID(),
        });
      } catch (error) {
        if (error instanceof RefundRefusedError) throw new BadRequestException(error.message);
        if (error instanceof PaymentsNotSetUpError) {
          throw new ServiceUnavailableException(
            'No payment provider is set up on this server, so nothing can be refunded.',
          );
        }
        if (!(error instanceof PaymentProviderError)) throw error;
        this.logger.error(error);
        throw new BadGatewayException(REFUND_FAILED_MESSAGE);
      }
      // The refund as one change: its charge event applied to the order, its lines and stock,
      // and the buyer's email, which goes out only if the rest is recorded.
      await this.transactions.run(async (manager) => {
        await this.fulfilment.recordChargeEvent('charge.refunded', charge, manager);
        if (lines) await this.orders.addRefundedQuantities(manager, order.id, lines, { restock });
        else if (restock) await this.orders.restock(manager, order, this.clock.now());
        await this.queueEmail(manager, order, amount, charge.amountRefunded, lines);
      });
      return toView((await this.orders.find(id))!);
    });
  }

  /** The cents left to refund on an order; a sentence when nothing can be refunded here. */
  private leftToRefund(order: PlacedOrder): number {
    if (!order.paymentIntentId) {
      throw new BadRequestException(
        'This order was not paid through checkout, so there is no payment to refund here; ' +
          'settle it the way it was paid.',
      );
    }
    if (order.testMode !== (this.provider.name === 'test')) {
      throw new BadRequestException(
        order.testMode
          ? 'This is a test order, and this server now takes payments through Stripe: ' +
              'there is no test payment to refund.'
          : 'This order was paid through Stripe, which is not set up on this server now.',
      );
    }
    const left = order.total - order.refundedAmount;
    if (order.paymentStatus === 'refunded' || left <= 0) {
      throw new BadRequestException('This order has been refunded in full already.');
    }
    return left;
  }

  /** The order's lines a refund by line names, each with how many; a sentence when one cannot be. */
  private linesToRefund(order: PlacedOrder, input: RefundOrderDto): RefundedLine[] {
    if (input.amount !== undefined) {
      throw new BadRequestException('Send either an amount or lines to refund, not both.');
    }
    const asked = input.lines!;
    if (new Set(asked.map((l) => l.lineId)).size !== asked.length) {
      throw new BadRequestException('Name each line once in a refund.');
    }
    return asked.map(({ lineId, quantity }) => {
      const line = order.lines.find((l) => l.id === lineId);
      if (!line) throw new BadRequestException(`Line ${lineId} is not on this order.`);
      const left = line.quantity - line.refundedQuantity;
      if (quantity > left) {
        throw new BadRequestException(
          `Only ${left} of ${lineItemName(line)} ${left === 1 ? 'is' : 'are'} left to refund on this order.`,
        );
      }
      return { line, quantity };
    });
  }

  /**
   * "Your refund of $45.00" to the buyer: the amount, the lines a refund by line named, and what
   * has been refunded of the order in all (`refundedAfter`, the provider's running total). One
   * email per refund: the key is the order and that total.
   */
  private async queueEmail(
    manager: EntityManager,
    order: PlacedOrder,
    amount: number,
    refundedAfter: number,
    lines: RefundedLine[] | null,
  ): Promise<void> {
    if (!order.email || order.email === ERASED) return;
    await this.outbox.queue(manager, {
      key: `order-refunded:${order.id}:${refundedAfter}`,
      kind: 'order-refunded',
      about: { type: 'order', id: order.id },
      to: { address: order.email, name: order.customerName },
      headers: { replyTo: artistReplyTo(this.config) },
      lane: 'transactional',
      ...orderRefunded({
        orderId: order.id,
        customerName: order.customerName,
        amountCents: amount,
        totalCents: order.total,
        refundedCents: refundedAfter,
        lines: (lines ?? []).map(({ line, quantity }) => ({ name: lineItemName(line), quantity })),
      }),
    });
  }
}

/** The shipping an order was charged: as recorded, else the rest of its total after its lines. */
function shippingOf(order: PlacedOrder): number {
  if (order.shippingAmount !== null) return order.shippingAmount;
  const items = order.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  return Math.max(0, order.total - items + order.discountAmount - order.taxAmount);
}
