import { randomBytes } from 'node:crypto';
import type { OrdersService } from '../orders/index.js';
import {
  PaymentProvider,
  WebhookSignatureError,
  type CreatedSession,
  type NewCheckoutSession,
  type PaymentEvent,
  type ChargeUpdate,
  type NewSubscriptionSession,
  type PostalAddress,
  type ProviderSession,
  type RefundRequest,
} from './payment-provider.js';
import {
  TEST_MEMBERSHIP_PATH,
  TEST_PORTAL_PATH,
  testSubscriptionIds,
  testSubscriptionToken,
} from './test-subscriptions.js';

export const TEST_SESSION_PREFIX = 'cs_test_local_';
/** The payment of a test order, named so its refunds can be recorded against it. */
export const TEST_PAYMENT_PREFIX = 'pi_test_local_';

/** Where the test checkout page of a session lives. */
export const testCheckoutPath = (sessionId: string) => `/api/checkout/test/${sessionId}`;

/** What the buyer typed on the test checkout page. */
export interface TestBuyer {
  name: string;
  email: string;
  /** Null for an order of downloads only, which ships nowhere. */
  address: PostalAddress | null;
}

/**
 * Stands in for Stripe when there is no STRIPE_SECRET_KEY outside production: checkout leads to
 * a page on this site where one can pay (no card, nothing charged) or cancel. Its only record of
 * a payment is the order fulfilment wrote, so that is what it reports back.
 */
export class TestPaymentProvider extends PaymentProvider {
  readonly name = 'test';

  constructor(private readonly orders: OrdersService) {
    super();
  }

  /** The payment page is on the site the fan came from, as the return to it is. */
  async createSession({ siteUrl }: NewCheckoutSession): Promise<CreatedSession> {
    const id = `${TEST_SESSION_PREFIX}${randomBytes(12).toString('hex')}`;
    return { id, url: `${siteUrl}${testCheckoutPath(id)}` };
  }

  async retrieveSession(id: string): Promise<ProviderSession> {
    const order = await this.orders.findBySession(id);
    if (!order) {
      return {
        id,
        status: 'open',
        paymentStatus: 'unpaid',
        amountTotal: null,
        email: null,
        customerName: null,
        shipping: null,
        paymentIntentId: null,
        shippingAmount: null,
        shippingRateName: null,
        discountAmount: null,
      };
    }
    return {
      id,
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: order.total,
      email: order.email,
      customerName: order.customerName,
      shipping: order.shipLine1
        ? {
            name: order.shipName,
            phone: order.shipPhone,
            address: {
              line1: order.shipLine1,
              line2: order.shipLine2,
              city: order.shipCity,
              state: order.shipState,
              postal_code: order.shipPostalCode,
              country: order.shipCountry,
            },
          }
        : null,
      paymentIntentId: order.paymentIntentId,
      shippingAmount: order.shippingAmount,
      shippingRateName: order.shippingRateName,
      discountAmount: order.discountAmount,
    };
  }

  /** The session as paid on the test checkout page, at the rate chosen in the cart. */
  paidSession(
    id: string,
    amounts: {
      total: number;
      shipping: number;
      shippingRateName: string | null;
      discount: number;
    },
    buyer: TestBuyer,
  ): ProviderSession {
    return {
      id,
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: amounts.total,
      email: buyer.email,
      customerName: buyer.name,
      shipping: buyer.address ? { name: buyer.name, address: buyer.address } : null,
      paymentIntentId: `${TEST_PAYMENT_PREFIX}${id.slice(TEST_SESSION_PREFIX.length)}`,
      shippingAmount: amounts.shipping,
      shippingRateName: amounts.shippingRateName,
      discountAmount: amounts.discount,
    };
  }

  /** Nothing was charged, so nothing moves: the refund is recorded as Stripe would answer it. */
  async refund(input: RefundRequest): Promise<ChargeUpdate> {
    return {
      eventId: `re_test_local_${randomBytes(12).toString('hex')}`,
      paymentIntentId: input.paymentIntentId,
      amount: input.chargeAmount,
      amountRefunded: input.refundedBefore + input.amount,
    };
  }

  /**
   * A subscription checkout on this site's test membership page, where paying makes the events
   * Stripe would send (see `TestSubscriptionsController`).
   */
  async createSubscriptionSession(input: NewSubscriptionSession): Promise<CreatedSession> {
    const { idempotencyKey: _key, ...session } = input;
    const token = testSubscriptionToken(session);
    const site = new URL(input.successUrl).origin;
    return {
      id: testSubscriptionIds(token).sessionId,
      url: `${site}${TEST_MEMBERSHIP_PATH}/${token}`,
    };
  }

  /** Nothing was charged: there is nothing to stop at a provider. */
  async cancelSubscription(): Promise<void> {}

  /** The test portal page of the customer, which can cancel at the end of the period. */
  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return { url: `${new URL(returnUrl).origin}${TEST_PORTAL_PATH}/${customerId}` };
  }

  verifyWebhook(): PaymentEvent {
    throw new WebhookSignatureError(
      'Stripe webhooks are not set up on this server (no STRIPE_WEBHOOK_SECRET).',
    );
  }
}
