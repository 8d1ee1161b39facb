import { randomUUID } from 'node:crypto';
import {
  BadGatewayException,
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { Order as OrderView } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { Transactions } from '../../database/transaction.js';
import { InventoryService } from '../catalog/inventory.service.js';
import { dollars } from '../../common/order-format.js';
import { OrdersService, toView, type PlacedOrder } from '../orders/orders.service.js';
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
    private readonly provider: PaymentProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly inventory: InventoryService,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly orders: OrdersService,
  ) {}

  async refund(id: number, input: RefundOrderDto): Promise<OrderView> {
    return this.transactions.withNamedLock(`order-refund:${id}`, async () => {
      const order = await this.orders.find(id);
      if (!order) throw new NotFoundException('Order not found.');
      const amount = this.amountToRefund(order, input);
      if (input.restock && order.restockedAt) {
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
      await this.fulfilment.recordChargeEvent('charge.refunded', charge);
      if (input.restock) await this.restock(order);
      return toView((await this.orders.find(id))!);
    });
  }

  /** The cents to refund: as asked, or all that is left; a sentence when that cannot be. */
  private amountToRefund(order: PlacedOrder, input: RefundOrderDto): number {
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
    const amount = input.amount ?? left;
    if (amount > left) {
      throw new BadRequestException(
        `A refund of $${dollars(amount)} is more than the $${dollars(left)} left to refund on this order.`,
      );
    }
    return amount;
  }

  /** Once per order: the row's `restockedAt` is claimed first, so a second call adds nothing. */
  private async restock(order: PlacedOrder): Promise<void> {
    await this.transactions.run(async (manager) => {
      if (!(await this.orders.claimRestock(manager, order.id, this.clock.now()))) return;
      await this.inventory.putBack(manager, toView(order).lineItems);
    });
  }
}
