import { randomBytes } from 'node:crypto';
import { DomainEvents } from '../../common/domain-events.js';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  type OnModuleInit,
  NotFoundException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import {
  ONLINE_SHIPPING_CENTS,
  ERASED,
  WALK_UP_CUSTOMER,
  WALK_UP_EMAIL,
  PAYMENT_STATUSES,
  type OrderListFilter,
  type OrderSort,
  type ManualOrderResult,
  type Order as OrderView,
  type OrderLineItem,
  type ShippingAddress,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { recordsOfPerson, type PersonalDataSubject } from '../../common/personal-data.js';
import { filtersByValue, type ListDefinition } from '../../lists/list.js';
import { blankToNull } from '../../common/strings.js';
import { SearchIndex, type IndexedSearch } from '../../lists/search-index.js';
import { isDuplicateKeyError, Transactions } from '../../database/transaction.js';
import { CatalogService, sizeOf } from '../catalog/index.js';
import { OutboxService } from '../email/index.js';
import { orderShippedEmail } from './emails/order-shipped.email.js';
import type { ManualOrderDto } from './dto/manual-order.dto.js';
import type { UpdateOrderDto } from './dto/update-order.dto.js';
import { addressFromText } from '../../common/order-format.js';
import { erasedOrderFields } from './order-erasure.js';
import { OrderLine } from './order-line.entity.js';
import {
  addressColumns,
  addressOf,
  kindOf,
  lineItemName,
  lineItemsOf,
  lineView,
  productNamesOf,
  withShares,
  type NewOrderLine,
  type PlacedOrder,
} from './order-lines.js';
import { Order } from './order.entity.js';
import { soldOrder } from './sold-order.js';
import { ShowsService } from '../shows/index.js';
import { catalogueLineName } from './product-name.js';

export { addressColumns, lineItemName, refundOfLines, type LineRefund } from './order-lines.js';

/**
 * The orders list's search and its index: the customer, the items (an order's `productNames`,
 * its lines' product names), the show, the tracking number and the notes.
 */
export const ORDERS_SEARCH: IndexedSearch = {
  table: 'orders',
  columns: ['email', 'customerName', 'showLocation', 'trackingNumber', 'notes', 'productNames'],
};

@Injectable()
export class OrdersService implements OnModuleInit {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shows: ShowsService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly outbox: OutboxService,
    private readonly catalog: CatalogService,
    private readonly transactions: Transactions,
    private readonly searchIndex: SearchIndex,
  ) {
    searchIndex.keep(ORDERS_SEARCH);
  }

  /**
   * A product some order line sold (by its id, whatever the product is called now) is archived
   * rather than removed, so the order keeps what it sold.
   */
  onModuleInit(): void {
    this.events.on('ProductRemoving', (manager, { productId }) =>
      manager.getRepository(OrderLine).existsBy({ productId }),
    );
  }

  /** One order with its lines, or null: for the modules that act on an order (its downloads, a refund). */
  async find(id: number, manager = this.orders.manager): Promise<PlacedOrder | null> {
    const order = await manager.findOneBy(Order, { id });
    return order ? (await this.withLines([order], manager))[0] : null;
  }

  /** The orders with their lines (one indexed query for all), in their order. */
  async withLines(orders: Order[], manager = this.orders.manager): Promise<PlacedOrder[]> {
    const byOrder = new Map<number, OrderLine[]>(orders.map((o) => [o.id, []]));
    if (orders.length) {
      const lines = await manager.find(OrderLine, {
        where: { orderId: In(orders.map((o) => o.id)) },
        order: { id: 'ASC' },
      });
      for (const line of lines) byOrder.get(line.orderId)?.push(line);
    }
    return orders.map((order) => Object.assign(order, { lines: byOrder.get(order.id) ?? [] }));
  }

  /** Writes an order's lines, its discount and tax shared between them, in the caller's transaction. */
  async insertLines(
    manager: EntityManager,
    order: Pick<Order, 'id' | 'discountAmount' | 'taxAmount'>,
    lines: NewOrderLine[],
  ): Promise<OrderLine[]> {
    const rows = withShares(lines, order.discountAmount ?? 0, order.taxAmount ?? 0).map((line) =>
      manager.create(OrderLine, { ...line, orderId: order.id, refundedQuantity: 0 }),
    );
    const saved = await manager.save(rows, { transaction: false });
    // The list's search finds the order by what its lines sold (its index follows the column).
    const all = await manager.find(OrderLine, {
      select: { productName: true },
      where: { orderId: order.id },
    });
    await manager.update(Order, { id: order.id }, { productNames: productNamesOf(all) });
    return saved;
  }

  /**
   * The admin's list of orders, newest first by default. `pending` is "to ship": not fulfilled
   * and not refunded (a refunded order is not waiting for its parcel); `fulfilled` filters on the
   * fulfilment status, the others on the payment status. A search looks in the customer, the
   * items, the show, the tracking number and the notes.
   */
  listDefinition(): ListDefinition<Order, OrderView, OrderListFilter, OrderSort> {
    return {
      repository: this.orders,
      alias: 'o',
      filters: {
        // To ship: nothing shipped yet, or some lines still to ship (partially_fulfilled).
        pending: {
          where:
            "o.fulfillmentStatus IN ('pending', 'partially_fulfilled') AND o.paymentStatus != 'refunded'",
        },
        partially_fulfilled: { where: "o.fulfillmentStatus = 'partially_fulfilled'" },
        fulfilled: { where: "o.fulfillmentStatus = 'fulfilled'" },
        ...filtersByValue('o.paymentStatus', PAYMENT_STATUSES),
        'pre-order': { where: 'o.preOrder = :preOrder', params: { preOrder: true } },
      },
      // The product names its lines sold among them (`productNames`, kept with the lines).
      searchColumns: [...ORDERS_SEARCH.columns],
      hydrate: async (orders) => (await this.withLines(orders)).map(toView),
      textIndex: this.searchIndex,
      sorts: {
        createdAt: 'o.createdAt',
        // The name, else the address, lower-cased: a virtual column with an index of its own.
        customer: 'o.customerSort',
        total: 'o.total',
        salesChannel: 'o.salesChannel',
        paymentStatus: 'o.paymentStatus',
        fulfillmentStatus: 'o.fulfillmentStatus',
      },
      defaultSort: '-createdAt',
      toRow: (order) => toView({ ...order, lines: [] }),
    };
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
    const saved = await this.transactions.run(async (manager) => {
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
      // An order kept for shipping after its fan was erased: once shipped, nothing of them stays.
      if (order.eraseWhenClosed && order.fulfillmentStatus === 'fulfilled') {
        Object.assign(order, erasedOrderFields(order));
      }
      await manager.save(order, { transaction: false });
      const [result] = await this.withLines([order], manager);
      const shipped =
        result.email === ERASED ? null : orderShippedEmail(this.config, toView(result));
      if (shipped) await this.outbox.queue(manager, shipped);
      return result;
    });
    return toView(saved);
  }

  /**
   * An order the artist enters by hand (with a flat $5.00 shipping charge online, none in person). The server computes the total, and names
   * catalogue products as checkout does, so one product reads the same in every order.
   */
  async createManual(input: ManualOrderDto): Promise<ManualOrderResult> {
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
    const show = await this.showOf(input);
    const now = this.clock.now();
    const products = await this.catalog.list();
    const lines = input.lineItems.map(({ product_name, quantity, price }) => ({
      product_name: catalogueLineName(product_name, products),
      quantity,
      price,
    }));
    const address = inPerson
      ? inPersonAddress(input.shippingAddress)
      : addressFromText(input.shippingAddress!);
    const order = this.orders.create({
      salesChannel: input.salesChannel,
      customerName: blankToNull(input.customerName) ?? (inPerson ? WALK_UP_CUSTOMER : null),
      email: blankToNull(input.email) ?? WALK_UP_EMAIL,
      showLocation: inPerson
        ? (blankToNull(input.showLocation) ?? (show ? `${show.venue}, ${show.city}` : null))
        : null,
      showId: show?.id ?? null,
      ...addressColumns(address),
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
      // The sale and what it takes from stock commit together.
      return await this.transactions.run(async (manager) => {
        order.fanId = await this.events.fanOf(manager, order.email, now);
        const saved = await manager.save(order, { transaction: false });
        const rows = await this.insertLines(manager, saved, await this.manualLines(manager, lines));
        const view = toView({ ...saved, lines: rows });
        const answers = await this.events.publish(manager, 'OrderPaid', {
          order: view,
          sold: soldOrder(saved, rows),
          heldBy: null,
        });
        return { ...view, stockWarnings: answers.flat() };
      });
    } catch (error) {
      // The same id sent twice at once: both passed the check, the unique key refused one.
      if (isDuplicateKeyError(error)) throw duplicateSession();
      throw error;
    }
  }

  /** A manual sale's lines, each the catalogue product and size it names when there is one. */
  private async manualLines(
    manager: EntityManager,
    lines: { product_name: string; quantity: number; price: number }[],
  ): Promise<NewOrderLine[]> {
    const rows: NewOrderLine[] = [];
    for (const line of lines) {
      const found = await this.catalog.findByLineName(line.product_name, manager);
      const size = found ? sizeOf(found.variant) : null;
      rows.push({
        productId: found?.product.id ?? null,
        variantId: found && found.product.kind !== 'digital' ? found.variant.id : null,
        productName: found ? found.product.name : line.product_name.trim(),
        size,
        kind: found ? kindOf({ ...found.product, preOrderUntil: null }) : 'physical',
        quantity: line.quantity,
        unitPriceCents: line.price,
        refundedQuantity: 0,
      });
    }
    return rows;
  }

  /** The show a merch-table sale names: it must exist, and only an in-person sale has one. */
  private async showOf(
    input: ManualOrderDto,
  ): Promise<{ id: number; venue: string; city: string } | null> {
    if (input.showId === undefined || input.showId === null) return null;
    if (input.salesChannel !== 'in-person') {
      throw new BadRequestException('Only an in-person sale can be tied to a show.');
    }
    const show = await this.shows.placeById(input.showId);
    if (!show) {
      throw new BadRequestException(
        'That show does not exist (it may have been deleted); pick one from the shows list.',
      );
    }
    return show;
  }

  /** The person's orders with their lines, newest first (see `recordsOfPerson`), for their history. */
  async recordsOf(manager: EntityManager, person: PersonalDataSubject): Promise<PlacedOrder[]> {
    return this.withLines(await recordsOfPerson(manager, Order, 'o', person), manager);
  }

  /** The order a checkout (or payment) session made, with its lines, or null while there is none. */
  async findBySession(
    sessionId: string,
    manager = this.orders.manager,
  ): Promise<PlacedOrder | null> {
    const order = await manager.findOneBy(Order, { stripeSessionId: sessionId });
    return order ? (await this.withLines([order], manager))[0] : null;
  }

  /** Whether an order of this address was made at or after `since`. */
  placedSince(manager: EntityManager, email: string, since: Date): Promise<boolean> {
    return manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.email = :email', { email })
      .andWhere('o.createdAt >= :since', { since })
      .getExists();
  }

  /** Online orders with nothing paid, made in [from, to), oldest first: the artist's digest. */
  async freeOnlineBetween(
    manager: EntityManager,
    from: Date,
    to: Date,
  ): Promise<{ id: number; createdAt: Date; items: OrderLineItem[] }[]> {
    const orders = await manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .select(['o.id', 'o.createdAt', 'o.preOrderUntil'])
      .where('o.total = 0 AND o.salesChannel = :online', { online: 'online' })
      .andWhere('o.createdAt >= :from AND o.createdAt < :to', { from, to })
      .orderBy('o.id')
      .getMany();
    return (await this.withLines(orders, manager)).map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      items: lineItemsOf(order.lines, order),
    }));
  }

  /**
   * Inserts the order a paid checkout made and its lines, inside the caller's transaction, and
   * publishes `OrderPaid` there (`heldBy`: the checkout session whose stock holds and code it
   * takes); a second order of the same payment session fails on the unique key, for the caller
   * to answer.
   */
  async insertPaid(
    manager: EntityManager,
    order: Partial<Order>,
    lines: NewOrderLine[],
    heldBy: string,
  ): Promise<PlacedOrder> {
    await manager.insert(Order, order);
    const rows = await this.insertLines(manager, order as Order, lines);
    const placed = Object.assign(order as Order, { lines: rows });
    await this.events.publish(manager, 'OrderPaid', {
      order: toView(placed),
      sold: soldOrder(placed, rows),
      heldBy,
    });
    return placed;
  }

  /**
   * The orders of a payment intent, locked for the rest of the caller's transaction (SQLite runs
   * the transaction alone), so two payment updates cannot interleave.
   */
  lockedByPaymentIntent(manager: EntityManager, paymentIntentId: string): Promise<Order[]> {
    const qb = manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.paymentIntentId = :paymentIntentId', { paymentIntentId });
    if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
    return qb.getMany();
  }

  /**
   * Sets an order's payment status and refunded cents, and tells the modules that follow it
   * (`OrderDisputed` when it becomes disputed, `OrderRefunded` otherwise). A full refund closes an
   * order kept for shipping after its fan was erased.
   */
  async setPaymentState(
    manager: EntityManager,
    order: Order,
    update: { paymentStatus: string; refundedAmount: number },
  ): Promise<void> {
    const closing = order.eraseWhenClosed && update.paymentStatus === 'refunded';
    await manager.update(
      Order,
      { id: order.id },
      closing ? { ...update, ...erasedOrderFields(order) } : update,
    );
    const lines = await manager.find(OrderLine, { where: { orderId: order.id } });
    const before = soldOrder(order, lines);
    const after = { ...before, ...update };
    const disputed = update.paymentStatus === 'disputed' && order.paymentStatus !== 'disputed';
    await this.events.publish(manager, disputed ? 'OrderDisputed' : 'OrderRefunded', {
      before,
      after,
    });
  }

  /**
   * Counts units of an order's lines as refunded, in the caller's transaction; with `restock`,
   * those units go back on the shelf (`OrderRestocked`).
   */
  async addRefundedQuantities(
    manager: EntityManager,
    orderId: number,
    refunds: { line: Pick<OrderLine, 'id' | 'productName' | 'size'>; quantity: number }[],
    { restock }: { restock: boolean },
  ): Promise<void> {
    for (const { line, quantity } of refunds) {
      await manager
        .createQueryBuilder()
        .update(OrderLine)
        .set({ refundedQuantity: () => 'refundedQuantity + :quantity' })
        .where('id = :id AND orderId = :orderId', { id: line.id, orderId, quantity })
        .execute();
    }
    if (restock)
      await this.events.publish(manager, 'OrderRestocked', {
        orderId,
        items: refunds.map(({ line, quantity }) => ({
          product_name: lineItemName(line),
          quantity,
        })),
      });
  }

  /**
   * Puts an order's units back on the shelf once (`OrderRestocked`): the row's `restockedAt` is
   * claimed first, so a second call adds nothing and answers false. Units refunded by line went
   * back (or stayed out) with their refund.
   */
  async restock(manager: EntityManager, order: PlacedOrder, at: Date): Promise<boolean> {
    const claimed = await manager.update(
      Order,
      { id: order.id, restockedAt: IsNull() },
      { restockedAt: at },
    );
    if (claimed.affected !== 1) return false;
    const items = toView(order).lineItems.map((item, i) => ({
      product_name: item.product_name,
      quantity: item.quantity - order.lines[i].refundedQuantity,
    }));
    await this.events.publish(manager, 'OrderRestocked', { orderId: order.id, items });
    return true;
  }
}

const duplicateSession = () =>
  new ConflictException('An order with this payment session id already exists.');

/** In person, a readable address sent along is kept; anything else records none. */
function inPersonAddress(sent: string | undefined): ShippingAddress | null {
  return typeof sent === 'string' ? addressFromText(sent) : null;
}

export function toView(order: PlacedOrder): OrderView {
  return {
    id: order.id,
    email: order.email,
    customerName: order.customerName,
    shippingAddress: addressOf(order),
    lines: order.lines.map(lineView),
    lineItems: lineItemsOf(order.lines, order),
    total: order.total,
    shippingRateName: order.shippingRateName,
    shippingAmount: order.shippingAmount,
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    stripeSessionId: order.stripeSessionId,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentIntentId: order.paymentIntentId,
    refundedAmount: order.refundedAmount,
    testMode: order.testMode,
    salesChannel: order.salesChannel,
    showLocation: order.showLocation,
    showId: order.showId,
    fulfillmentStatus: order.fulfillmentStatus,
    trackingNumber: order.trackingNumber,
    notes: order.notes,
    fulfilledAt: order.fulfilledAt ? order.fulfilledAt.toISOString() : null,
    createdAt: order.createdAt.toISOString(),
    restockedAt: order.restockedAt ? order.restockedAt.toISOString() : null,
    preOrder: order.preOrder,
    preOrderUntil: order.preOrderUntil,
    recovered: order.recovered,
    taxAmount: order.taxAmount,
  };
}
