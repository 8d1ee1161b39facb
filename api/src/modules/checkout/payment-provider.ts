import type { BillingEvent } from '../../common/billing-events.js';
import type { CheckoutProvider } from './checkout-session.entity.js';

/** One line of a checkout session as the buyer sees it at the payment provider. Cents. */
export interface SessionLine {
  name: string;
  /** Said under the name on the provider's page ("Pre-order — ships from …"), when set. */
  description?: string;
  /** Stripe's tax code of the product, for Stripe Tax. */
  taxCode?: string;
  unitAmount: number;
  quantity: number;
}

/** A way to ship the buyer may pick on the provider's page, priced for this cart. Cents. */
export interface SessionShippingOption {
  name: string;
  amountCents: number;
  /** Business days, when the rate gives an estimate. */
  days: { minimum: number; maximum: number } | null;
}

export interface NewCheckoutSession {
  lines: SessionLine[];
  /** The zone's rates, the buyer's choice first (the provider's default). */
  shippingOptions: SessionShippingOption[];
  /** The countries of the zone: the only ones the buyer may ship to. */
  allowedCountries: string[];
  /** A discount code applied to the items: named on the provider's page and receipt. */
  discount: { code: string; amountCents: number } | null;
  /** The buyer's email when given (a code for one use per email): the page keeps to it. */
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  /** This site's address the fan came from: the test provider's payment page is there too. */
  siteUrl: string;
  /**
   * How long an unpaid session takes payment, counted from the moment it is created at the
   * provider (Stripe's `expires_at` is worked out just before the call, so the time spent holding
   * stock does not shorten it below Stripe's 30-minute minimum).
   */
  lifetimeMs: number;
  /**
   * The cart's stock and discount are held until then: a session that would take payment past it
   * is not opened (PaymentProviderError), so stock is never given back while it can be paid.
   */
  heldUntil: Date;
  /** Fresh per checkout request, so a retried request cannot open a second session. */
  idempotencyKey: string;
}

export interface CreatedSession {
  id: string;
  url: string;
}

/** Field names as the stored address object and Stripe's address use them. */
export interface PostalAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
}

/** What fulfilment needs to know of a checkout session, whichever provider ran it. */
export interface ProviderSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Charged in total, shipping included, in cents. */
  amountTotal: number | null;
  email: string | null;
  customerName: string | null;
  /** Where to ship, and the buyer's phone when the checkout asked for one (Stripe's customer's). */
  shipping: { name: string | null; phone?: string | null; address: PostalAddress } | null;
  /** Stripe's payment intent (`pi_…`), once there is one. */
  paymentIntentId: string | null;
  /** Shipping charged, in cents (Stripe's `shipping_cost`), once known. */
  shippingAmount: number | null;
  /** The name of the shipping rate paid, when the provider's answer carries it. */
  shippingRateName: string | null;
  /** Taken off by a discount, in cents (Stripe's `total_details.amount_discount`), once known. */
  discountAmount: number | null;
  /** The buyer agreed to promotional emails on the payment page (Stripe's `consent.promotions`). */
  promotionsConsent?: boolean;
  /** Of an expired session: the link that opens a new one with the same cart, when enabled. */
  recoveryUrl?: string | null;
  /** The expired session a recovery link made this one from (Stripe's `recovered_from`). */
  recoveredFrom?: string | null;
  /** Sales tax charged, in cents (Stripe's `total_details.amount_tax`), once known. */
  taxAmount?: number | null;
}

/** What `charge.refunded` and `charge.dispute.created` say about a payment. Cents. */
export interface ChargeUpdate {
  eventId: string;
  paymentIntentId: string;
  amount: number;
  amountRefunded: number;
}

/**
 * A Stripe Checkout session in `subscription` mode: one line of `amountCents` every `interval`,
 * `metadata` on the session and on the subscription it makes.
 */
export interface NewSubscriptionSession {
  name: string;
  amountCents: number;
  interval: 'month' | 'year';
  email: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** Fresh per request, so a retried request cannot open a second session. */
  idempotencyKey: string;
}

export interface PaymentEvent {
  type: string;
  /** Stripe's event id and when it made the event (seconds), where the provider has them. */
  id?: string;
  created?: number;
  /** An event about a subscription (memberships), handed to `BillingEvents`. */
  billing?: BillingEvent;
  /** The checkout session an event of type `checkout.session.*` is about. */
  session?: ProviderSession;
  /** The payment an event of type `charge.*` is about. */
  charge?: ChargeUpdate;
}

/** A refund of part or all of an order's payment. Cents. */
export interface RefundRequest {
  paymentIntentId: string;
  amount: number;
  /** What the charge was, and what had been refunded of it before this refund. */
  chargeAmount: number;
  refundedBefore: number;
  /** Fresh per refund request, so a retried call cannot refund twice. */
  idempotencyKey: string;
}

/** The provider refused the refund itself (more than is left, a disputed charge…): a 400. */
export class RefundRefusedError extends Error {}

/** The provider could not be reached or refused the call: worth a 502, not a 500. */
export class PaymentProviderError extends Error {}

/** No payment provider is configured: checkout is closed (503). */
export class PaymentsNotSetUpError extends Error {}

/** A webhook delivery that is not signed with our secret, or signed too long ago. */
export class WebhookSignatureError extends Error {}

/**
 * Where payments happen: Stripe Checkout, or the built-in test provider when there is no Stripe
 * key outside production. Used as the injection token, so it is a class rather than an interface.
 */
export abstract class PaymentProvider {
  abstract readonly name: CheckoutProvider;

  /** @throws PaymentProviderError */
  abstract createSession(input: NewCheckoutSession): Promise<CreatedSession>;

  /** @throws PaymentProviderError */
  abstract retrieveSession(id: string): Promise<ProviderSession>;

  /**
   * Refunds through the provider; answers the charge as it stands after the refund, as
   * `charge.refunded` reports it (its `eventId` is the refund's id), so the order's payment
   * state follows from it and from the webhook alike, whichever comes first.
   * @throws RefundRefusedError, PaymentProviderError
   */
  abstract refund(input: RefundRequest): Promise<ChargeUpdate>;

  /** A checkout of a subscription (a membership). @throws PaymentsNotSetUpError, PaymentProviderError */
  abstract createSubscriptionSession(input: NewSubscriptionSession): Promise<CreatedSession>;

  /** Cancels a subscription now (`DELETE /v1/subscriptions/:id`). @throws PaymentProviderError */
  abstract cancelSubscription(subscriptionId: string): Promise<void>;

  /**
   * A billing portal session where the customer changes her card or cancels.
   * @throws PaymentsNotSetUpError, PaymentProviderError
   */
  abstract createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;

  /** @throws WebhookSignatureError */
  abstract verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
