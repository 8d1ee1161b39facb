import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  ONLINE_SHIPPING_CENTS,
  WALK_UP_CUSTOMER,
  WALK_UP_EMAIL,
  type FulfillmentStatus,
  type PaymentStatus,
  type Order as OrderView,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { whereSearch } from '../../common/list-query.js';
import { blankToNull } from '../../common/strings.js';
import { inTransaction, isDuplicateKeyError } from '../../database/transaction.js';
import { OutboxService } from '../email/outbox.service.js';
import type { ManualOrderDto } from './dto/manual-order.dto.js';
import type { UpdateOrderDto } from './dto/update-order.dto.js';
import { formatShippingAddress } from './order-format.js';
import { Order } from './order.entity.js';

export type OrderFilter = FulfillmentStatus | PaymentStatus | 'all';

@Injectable()
export class OrdersService {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
  ) {}

  /** Newest first, filtered by fulfilment status and a search over the customer and items. */
  async list(filter: OrderFilter = 'all', search = ''): Promise<OrderView[]> {
    const qb = this.orders.createQueryBuilder('o');
    if (filter === 'pending') {
      // To ship: a refunded order is not waiting for its parcel.
      qb.where('o.fulfillmentStatus = :filter', { filter }).andWhere(
        'o.paymentStatus != :refunded',
        {
          refunded: 'refunded',
        },
      );
    } else if (filter === 'fulfilled') {
      qb.where('o.fulfillmentStatus = :filter', { filter });
    } else if (filter !== 'all') {
      qb.where('o.paymentStatus = :filter', { filter });
    }
    whereSearch(
      qb,
      ['email', 'customerName', 'lineItems', 'showLocation', 'trackingNumber', 'notes'],
      search,
    );
    const rows = await qb.orderBy('o.createdAt', 'DESC').addOrderBy('o.id', 'DESC').getMany();
    return rows.map(toView);
  }

  /**
   * Fulfil (status, time, tracking, notes) or save tracking and notes alone. A second fulfil
   * keeps the first fulfilment time.
   */
  async update(id: number, input: UpdateOrderDto): Promise<OrderView> {
    if (input.fulfilledAt !== undefined && input.fulfillmentStatus === undefined) {
      throw new BadRequestException(
        "fulfilledAt can only be sent with fulfillmentStatus 'fulfilled'",
      );
    }
    // The shipped email is queued with the change that makes it due.
    const saved = await inTransaction(this.orders.manager.connection, async (manager) => {
      const order = await manager.findOneBy(Order, { id });
      if (!order) throw new NotFoundException('Order not found.');
      if (input.trackingNumber !== undefined)
        order.trackingNumber = blankToNull(input.trackingNumber);
      if (input.notes !== undefined) order.notes = blankToNull(input.notes);
      if (input.fulfillmentStatus === 'fulfilled' && order.fulfillmentStatus !== 'fulfilled') {
        order.fulfillmentStatus = 'fulfilled';
        order.fulfilledAt =
          input.fulfilledAt !== undefined ? new Date(input.fulfilledAt) : this.clock.now();
      }
      const result = await manager.save(order);
      await this.outbox.queueOrderShipped(manager, result);
      return result;
    });
    return toView(saved);
  }

  /** An order the artist enters by hand (SPEC.md §5, §9). The server computes the total. */
  async createManual(input: ManualOrderDto): Promise<OrderView> {
    const inPerson = input.salesChannel === 'in-person';
    const itemsTotal = input.lineItems.reduce((sum, item) => sum + item.quantity * item.price, 0);
    const total = itemsTotal + (inPerson ? 0 : ONLINE_SHIPPING_CENTS);
    if (input.total !== undefined && input.total !== total) {
      throw new BadRequestException(
        `Total must be the line items plus shipping: ${total} cents, not ${input.total}`,
      );
    }
    const sessionId =
      input.stripeSessionId ??
      `manual_${this.clock.now().getTime()}_${randomBytes(3).toString('hex')}`;
    if (await this.orders.existsBy({ stripeSessionId: sessionId })) throw duplicateSession();
    const now = this.clock.now();
    const order = this.orders.create({
      salesChannel: input.salesChannel,
      customerName: blankToNull(input.customerName) ?? (inPerson ? WALK_UP_CUSTOMER : null),
      email: blankToNull(input.email) ?? WALK_UP_EMAIL,
      showLocation: inPerson ? blankToNull(input.showLocation) : null,
      shippingAddress: inPerson ? inPersonAddress(input.shippingAddress) : input.shippingAddress!,
      lineItems: JSON.stringify(
        input.lineItems.map(({ product_name, quantity, price }) => ({
          product_name,
          quantity,
          price,
        })),
      ),
      total,
      stripeSessionId: sessionId,
      paymentStatus: 'paid',
      paymentMethod: input.paymentMethod,
      fulfillmentStatus: inPerson ? 'fulfilled' : 'pending',
      fulfilledAt: inPerson ? now : null,
      notes: blankToNull(input.notes),
      createdAt: now,
    });
    try {
      return toView(await this.orders.save(order));
    } catch (error) {
      // The same id sent twice at once: both passed the check, the unique key refused one.
      if (isDuplicateKeyError(error)) throw duplicateSession();
      throw error;
    }
  }
}

const duplicateSession = () =>
  new ConflictException('An order with this payment session id already exists.');

/** In person, a readable address sent along is kept; anything else records the in-person shape. */
function inPersonAddress(sent: string | undefined): string {
  const readable =
    sent !== undefined && !['N/A', 'No address provided'].includes(formatShippingAddress(sent));
  return readable ? sent : JSON.stringify({ type: 'in-person' });
}

export function toView(order: Order): OrderView {
  return {
    id: order.id,
    email: order.email,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress,
    lineItems: order.lineItems,
    total: order.total,
    stripeSessionId: order.stripeSessionId,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentIntentId: order.paymentIntentId,
    refundedAmount: order.refundedAmount,
    testMode: order.testMode,
    salesChannel: order.salesChannel,
    showLocation: order.showLocation,
    fulfillmentStatus: order.fulfillmentStatus,
    trackingNumber: order.trackingNumber,
    notes: order.notes,
    fulfilledAt: order.fulfilledAt ? order.fulfilledAt.toISOString() : null,
    createdAt: order.createdAt.toISOString(),
  };
}
