/**
 * Stripe Billing's events as the memberships module reads them. The checkout module owns the one
 * Stripe webhook endpoint and verifies each delivery; an event about a subscription (a checkout
 * in `subscription` mode, `customer.subscription.*`, `invoice.*`) it hands to `BillingEvents`,
 * which the memberships module provides (it sits above checkout, whose payment provider it uses).
 */

/** A subscription as `customer.subscription.*` carries it. Times in seconds, as Stripe's. */
export interface BillingSubscription {
  id: string;
  customerId: string | null;
  /** Stripe's status: incomplete, active, trialing, past_due, unpaid, canceled, … */
  status: string;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The price of its one item, in cents, and its interval. */
  amountCents: number | null;
  interval: string | null;
  /** The tier named in `subscription_data[metadata]`. */
  tierId: number | null;
  endedAt: number | null;
}

/** A checkout session in `subscription` mode, once complete. */
export interface BillingCheckout {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  email: string | null;
  tierId: number | null;
  interval: string | null;
  amountTotal: number | null;
}

/** An invoice of a subscription (`invoice.paid`, `invoice.payment_failed`). Cents. */
export interface BillingInvoice {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  email: string | null;
  amountPaid: number;
  amountDue: number;
  /** When it was paid (`status_transitions.paid_at`), in seconds. */
  paidAt: number | null;
}

export interface BillingEvent {
  /** Stripe's event id (`evt_…`): each is applied once. */
  id: string;
  type: string;
  /** When Stripe made the event, in seconds: later news of a subscription wins. */
  created: number;
  checkout?: BillingCheckout;
  subscription?: BillingSubscription;
  invoice?: BillingInvoice;
}

/** Event types of Stripe Billing that the webhook hands to `BillingEvents`. */
export const BILLING_EVENT_TYPES = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export abstract class BillingEvents {
  abstract handle(event: BillingEvent): Promise<void>;
}
