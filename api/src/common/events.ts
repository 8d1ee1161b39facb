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
   * An address left the newsletter (its unsubscribe link, or the account's topics all off).
   * Published once the unsubscribe is committed: its handlers may wait on mail in flight.
   */
  FanUnsubscribed: {
    event: { email: string };
    answer: void;
  };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent<K extends DomainEventName> = DomainEventMap[K]['event'];
export type DomainEventAnswer<K extends DomainEventName> = DomainEventMap[K]['answer'];
