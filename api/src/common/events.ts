import type { Size } from '@artist/contracts';

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
   * An order was placed, paid: through checkout (the webhook's or the return's fulfilment, a
   * pre-order, an order paid through a recovery link) or entered by the artist (a merch-table
   * sale, a manual order). Published in the transaction that inserts it and its lines.
   */
  OrderPaid: {
    event: { order: SoldOrder };
    answer: void;
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
