import type { Order, OrderLineItem, Size } from '@artist/contracts';

/**
 * The domain's events: what one module tells the others, by name, with what it carries and what
 * a handler may answer. `DomainEvents` (domain-events.ts) delivers them; the modules that react
 * register their handlers in their own constructors, so `grep <EventName>` finds every reaction.
 */
export interface DomainEventMap {
  /**
   * A record naming this address (an order, a signup, a back-in-stock request, a message, a
   * membership, an account's sign-in) is being written. The fans module answers the id of the fan
   * with that address, made on first sight, or null for an address that is nobody's (the merch
   * table's placeholder, an erased order). Published before the record's insert, which names it.
   */
  AddressSeen: {
    event: { email: string | null | undefined; seenAt: Date };
    answer: number | null;
  };
  /**
   * A product, or some of its sizes, came back after none were left (or stopped being tracked).
   * `sizes`: those that came back, null for a product without sizes.
   */
  StockRestored: {
    event: { productId: string; productName: string; sizes: (Size | null)[] };
    answer: void;
  };
  /**
   * A product is being removed: a handler answers true when a record of its module names it (an
   * order line), and the product is then archived instead, so the record keeps what it names.
   */
  ProductRemoving: {
    event: { productId: string };
    answer: boolean;
  };
  /**
   * An order's refunded cents or payment status changed by a refund (of an amount, of lines, or
   * in full). Published in the transaction that writes it: what the order was and is now.
   */
  OrderRefunded: {
    event: { before: SoldOrder; after: SoldOrder };
    answer: void;
  };
  /** An order's payment was disputed: as `OrderRefunded`, what it was and is now. */
  OrderDisputed: {
    event: { before: SoldOrder; after: SoldOrder };
    answer: void;
  };
  /**
   * An address left the newsletter (its unsubscribe link, or the account's topics all off).
   * Published once the unsubscribe is committed: its handlers may wait on mail in flight.
   */
  FanUnsubscribed: {
    event: { email: string };
    answer: void;
  };
  /**
   * A paid order was recorded: through checkout (`heldBy`, the checkout session whose stock holds
   * and discount code it takes) or entered by hand (the admin's manual and merch-table sales,
   * `heldBy` null: its lines are taken from stock as named). Published by the orders module in
   * the transaction that inserts the order. A handler answers what the seller should be told
   * (units sold past the stock shown), [] for nothing.
   */
  OrderPaid: {
    /** `sold`: the same order as the sales figures count it (its sale's columns and lines). */
    event: { order: Order; sold: SoldOrder; heldBy: string | null };
    answer: string[];
  };
  /**
   * Units of an order go back on the shelf: the admin's refund by line, or with its stock box
   * ticked (once per order). `items` as the order's `lineItems` name them. Published by the
   * orders module in the refund's transaction.
   */
  OrderRestocked: {
    event: { orderId: number; items: Pick<OrderLineItem, 'product_name' | 'quantity'>[] };
    answer: void;
  };
  /**
   * A fan was erased: every module's rows about them are gone or kept without what named them
   * (each module's `PersonalData`), and the fan's row deleted. Published by the fans module at
   * the end of the erasure's transaction.
   */
  FanErased: {
    event: { fanId: number; email: string };
    answer: void;
  };
}

/** What an order sold, as the events that name it carry it: its sale's columns and its lines. */
export interface SoldOrder {
  id: number;
  createdAt: Date;
  salesChannel: string;
  showId: number | null;
  showLocation: string | null;
  paymentStatus: string;
  testMode: boolean;
  recovered: boolean;
  /** Cents, as the order's columns. */
  total: number;
  refundedAmount: number;
  discountAmount: number;
  taxAmount: number;
  lines: SoldLine[];
}

/** One line of a `SoldOrder`: the snapshot of what was sold. */
export interface SoldLine {
  id: number;
  productId: string | null;
  productName: string;
  size: string | null;
  kind: string;
  quantity: number;
  unitPriceCents: number;
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent<K extends DomainEventName> = DomainEventMap[K]['event'];
export type DomainEventAnswer<K extends DomainEventName> = DomainEventMap[K]['answer'];
