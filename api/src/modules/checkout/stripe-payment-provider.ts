import Stripe from 'stripe';
import { SHIPPING_TAX_CODE } from '@artist/contracts';
import type { AppConfig } from '../../config/env.js';
import {
  BILLING_EVENT_TYPES,
  type BillingCheckout,
  type BillingInvoice,
  type BillingSubscription,
} from '../../common/billing-events.js';
import {
  PaymentProvider,
  PaymentProviderError,
  WebhookSignatureError,
  type CreatedSession,
  RefundRefusedError,
  type ChargeUpdate,
  type NewCheckoutSession,
  type NewSubscriptionSession,
  type PaymentEvent,
  type ProviderSession,
  type RefundRequest,
} from './payment-provider.js';

type StripeSettings = NonNullable<AppConfig['stripe']>;

/**
 * Added to a session's lifetime in `expires_at`: Stripe counts its least, 30 minutes, from when
 * the request reaches it, which a slow network or the SDK's own retries (`maxNetworkRetries`) can
 * put seconds after the moment the expiry is worked out.
 */
export const EXPIRY_SLACK_MS = 60_000;

/** Stripe Checkout through the official SDK; STRIPE_API_URL points it at another API base. */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    super();
    const base = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      // A few retries ride out a blip; the buyer is waiting, so not many.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            protocol: base.protocol === 'https:' ? 'https' : 'http',
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
          }
        : {}),
    });
  }

  async createSession(input: NewCheckoutSession): Promise<CreatedSession> {
    const { discount } = input;
    // Stripe Tax: each line's and the shipping's tax code; prices are before tax, as US prices are.
    const tax = this.settings.automaticTax;
    // A coupon for this session alone, named by the code, so Stripe's page and receipt show it.
    const coupon = discount
      ? await this.call(() =>
          this.stripe.coupons.create(
            {
              amount_off: discount.amountCents,
              currency: 'usd',
              duration: 'once',
              max_redemptions: 1,
              name: discount.code,
            },
            { idempotencyKey: `${input.idempotencyKey}:coupon` },
          ),
        )
      : null;
    // Worked out now, after the coupon, from the time Stripe itself goes by.
    const expiresAt = Math.ceil((Date.now() + input.lifetimeMs + EXPIRY_SLACK_MS) / 1000);
    if (expiresAt * 1000 > input.heldUntil.getTime())
      throw new PaymentProviderError(
        `The cart's hold lapses at ${input.heldUntil.toISOString()}, before a session opened now would expire`,
      );
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'usd',
          line_items: input.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: 'usd',
              unit_amount: line.unitAmount,
              product_data: {
                name: line.name,
                ...(line.description ? { description: line.description } : {}),
                ...(tax && line.taxCode ? { tax_code: line.taxCode } : {}),
              },
              ...(tax ? { tax_behavior: 'exclusive' as const } : {}),
            },
          })),
          ...(input.shippingOptions.length ? shippingFields(input, tax) : {}),
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          ...(input.email ? { customer_email: input.email } : {}),
          // The buyer may agree to promotional emails; an expired session then gets a recovery
          // link, which the reminder email carries (docs/payments.md).
          consent_collection: { promotions: 'auto' },
          ...(tax ? { automatic_tax: { enabled: true } } : {}),
          after_expiration: { recovery: { enabled: true } },
          expires_at: expiresAt,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentProviderError(`Stripe sent no URL for ${session.id}`);
    return { id: session.id, url: session.url };
  }

  async createSubscriptionSession(input: NewSubscriptionSession): Promise<CreatedSession> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: input.amountCents,
                recurring: { interval: input.interval },
                product_data: { name: input.name },
              },
            },
          ],
          customer_email: input.email,
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url) throw new PaymentProviderError(`Stripe sent no URL for ${session.id}`);
    return { id: session.id, url: session.url };
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      // Already cancelled, or unknown to Stripe: nothing is left to charge.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.statusCode === 404 || /cancel/i.test(error.message))
      )
        return;
      if (error instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderError(`Stripe: ${error.type}: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return { url: session.url };
  }

  async retrieveSession(id: string): Promise<ProviderSession> {
    return toProviderSession(
      await this.call(() =>
        // The rate paid comes with its name.
        this.stripe.checkout.sessions.retrieve(id, { expand: ['shipping_cost.shipping_rate'] }),
      ),
    );
  }

  /** A Refund with its charge expanded: the charge's cumulative `amount_refunded` comes back. */
  async refund(input: RefundRequest): Promise<ChargeUpdate> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amount, expand: ['charge'] },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new RefundRefusedError(`Stripe refused the refund: ${error.message}`, {
          cause: error,
        });
      }
      if (error instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderError(`Stripe: ${error.type}: ${error.message}`, { cause: error });
      }
      throw error;
    }
    const charge = typeof refund.charge === 'object' && refund.charge ? refund.charge : null;
    return {
      eventId: refund.id,
      paymentIntentId: input.paymentIntentId,
      amount: charge?.amount ?? input.chargeAmount,
      amountRefunded: charge?.amount_refunded ?? input.refundedBefore + refund.amount,
    };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    let event: Stripe.Event;
    try {
      // Stripe's default tolerance: a signature older than 300 s is refused.
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.settings.webhookSecret,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(error.message);
      }
      throw error;
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object as Stripe.Charge;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return { type: event.type };
      return {
        type: event.type,
        charge: {
          eventId: event.id,
          paymentIntentId,
          amount: charge.amount,
          amountRefunded: charge.amount_refunded,
        },
      };
    }
    if (event.type === 'charge.dispute.created') {
      const dispute = event.data.object as Stripe.Dispute;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return { type: event.type };
      return {
        type: event.type,
        charge: { eventId: event.id, paymentIntentId, amount: dispute.amount, amountRefunded: 0 },
      };
    }
    const head = { type: event.type, id: event.id, created: event.created };
    const object = event.data.object as unknown as Loose;
    if (BILLING_EVENT_TYPES.has(event.type)) {
      const billing = event.type.startsWith('invoice.')
        ? { invoice: toBillingInvoice(object) }
        : { subscription: toBillingSubscription(object) };
      return { ...head, billing: { ...head, ...billing } };
    }
    if (!event.type.startsWith('checkout.session.')) return head;
    if (object.mode === 'subscription') {
      // A membership's checkout: no order. Only a completed one starts a membership.
      if (event.type !== 'checkout.session.completed') return head;
      return { ...head, billing: { ...head, checkout: toBillingCheckout(object) } };
    }
    return {
      ...head,
      session: toProviderSession(event.data.object as Stripe.Checkout.Session),
    };
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderError(`Stripe: ${error.type}: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
}

export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const shipping = session.collected_information?.shipping_details ?? null;
  const address = shipping?.address ?? session.customer_details?.address ?? null;
  const name = shipping?.name ?? session.customer_details?.name ?? null;
  const rate = session.shipping_cost?.shipping_rate;
  return {
    id: session.id,
    status: known(session.status, ['open', 'complete', 'expired'] as const, 'open'),
    paymentStatus: known(
      session.payment_status,
      ['paid', 'unpaid', 'no_payment_required'] as const,
      'unpaid',
    ),
    amountTotal: session.amount_total,
    paymentIntentId: idOf(session.payment_intent),
    shippingAmount:
      session.shipping_cost?.amount_total ?? session.total_details?.amount_shipping ?? null,
    shippingRateName: rate && typeof rate === 'object' ? rate.display_name : null,
    discountAmount: session.total_details?.amount_discount ?? null,
    promotionsConsent: session.consent?.promotions === 'opt_in',
    recoveryUrl: session.after_expiration?.recovery?.url ?? null,
    recoveredFrom: session.recovered_from ?? null,
    taxAmount: session.total_details?.amount_tax ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: name,
    shipping: address
      ? {
          name,
          phone: session.customer_details?.phone ?? null,
          address: {
            line1: address.line1 ?? null,
            line2: address.line2 ?? null,
            city: address.city ?? null,
            state: address.state ?? null,
            postal_code: address.postal_code ?? null,
            country: address.country ?? null,
          },
        }
      : null,
  };
}

/** An expandable Stripe field: the id, or the object carrying it. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's enums may grow; an unknown value reads as the given fallback, never as paid. */
function known<T extends string>(value: string | null, values: readonly T[], fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** Where the order ships and the rates offered; a cart of downloads only has neither. */
function shippingFields(
  input: NewCheckoutSession,
  tax: boolean,
): Pick<Stripe.Checkout.SessionCreateParams, 'shipping_address_collection' | 'shipping_options'> {
  return {
    shipping_address_collection: {
      allowed_countries:
        input.allowedCountries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
    },
    shipping_options: input.shippingOptions.map((option) => ({
      shipping_rate_data: {
        type: 'fixed_amount',
        display_name: option.name,
        fixed_amount: { amount: option.amountCents, currency: 'usd' },
        ...(tax ? { tax_code: SHIPPING_TAX_CODE, tax_behavior: 'exclusive' as const } : {}),
        ...(option.days
          ? {
              delivery_estimate: {
                minimum: { unit: 'business_day', value: option.days.minimum },
                maximum: { unit: 'business_day', value: option.days.maximum },
              },
            }
          : {}),
      },
    })),
  };
}

/** A Stripe object read field by field: Billing's shapes moved between API versions. */
type Loose = Record<string, unknown>;

const str = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? String((value as { id: unknown }).id)
      : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const tierOf = (metadata: unknown): number | null => {
  const id = Number(obj(metadata).tierId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** A subscription: its one item's price and period (newer API versions keep the period there). */
export function toBillingSubscription(sub: Loose): BillingSubscription {
  const items = obj(sub.items).data;
  const item = obj(Array.isArray(items) ? items[0] : null);
  const price = obj(item.price ?? item.plan);
  return {
    id: String(sub.id),
    customerId: str(sub.customer),
    status: String(sub.status ?? ''),
    currentPeriodEnd: num(sub.current_period_end) ?? num(item.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    amountCents: num(price.unit_amount) ?? num(price.amount),
    interval: str(obj(price.recurring).interval) ?? str(price.interval),
    tierId: tierOf(sub.metadata),
    endedAt: num(sub.ended_at),
  };
}

/** An invoice: its subscription is `subscription`, or `parent.subscription_details` since 2025. */
export function toBillingInvoice(invoice: Loose): BillingInvoice {
  const details = obj(obj(invoice.parent).subscription_details);
  return {
    id: String(invoice.id),
    subscriptionId: str(invoice.subscription) ?? str(details.subscription),
    customerId: str(invoice.customer),
    email: str(invoice.customer_email),
    amountPaid: num(invoice.amount_paid) ?? 0,
    amountDue: num(invoice.amount_due) ?? 0,
    paidAt: num(obj(invoice.status_transitions).paid_at),
  };
}

export function toBillingCheckout(session: Loose): BillingCheckout {
  const metadata = obj(session.metadata);
  return {
    id: String(session.id),
    subscriptionId: str(session.subscription),
    customerId: str(session.customer),
    email: str(obj(session.customer_details).email) ?? str(session.customer_email),
    tierId: tierOf(metadata),
    interval: str(metadata.interval),
    amountTotal: num(session.amount_total),
  };
}
