import type { CheckoutProvider } from './checkout-session.entity.js';

/** One line of a checkout session as the buyer sees it at the payment provider. Cents. */
export interface SessionLine {
  name: string;
  unitAmount: number;
  quantity: number;
}

export interface NewCheckoutSession {
  lines: SessionLine[];
  shippingCents: number;
  successUrl: string;
  cancelUrl: string;
  /** When an unpaid session stops taking payment (Stripe's `expires_at`). */
  expiresAt: Date;
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
  shipping: { name: string | null; address: PostalAddress } | null;
  /** Stripe's payment intent (`pi_…`), once there is one. */
  paymentIntentId: string | null;
}

/** What `charge.refunded` and `charge.dispute.created` say about a payment. Cents. */
export interface ChargeUpdate {
  eventId: string;
  paymentIntentId: string;
  amount: number;
  amountRefunded: number;
}

export interface PaymentEvent {
  type: string;
  /** The checkout session an event of type `checkout.session.*` is about. */
  session?: ProviderSession;
  /** The payment an event of type `charge.*` is about. */
  charge?: ChargeUpdate;
}

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

  /** @throws WebhookSignatureError */
  abstract verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
