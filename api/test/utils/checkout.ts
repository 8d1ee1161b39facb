import request from 'supertest';
import { DataSource } from 'typeorm';
import type { CheckoutItem, Order as OrderView, OrderLineItem } from '@artist/contracts';
import { ChargeEvent } from '../../src/modules/checkout/charge-event.entity.js';
import { CheckoutSession } from '../../src/modules/checkout/checkout-session.entity.js';
import { OrderLine } from '../../src/modules/orders/order-line.entity.js';
import { SaleDay } from '../../src/modules/sales/sale-day.entity.js';
import { Order } from '../../src/modules/orders/order.entity.js';
import { OrdersService, toView } from '../../src/modules/orders/orders.service.js';
import type { TestDatabase } from './databases.js';
import { StripeStandIn } from './stripe-stand-in.js';
import { stripeEvent, stripeSettings, stripeSignature } from './stripe-webhooks.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface StripeTestApp {
  t: TestApp;
  stripe: StripeStandIn;
  close(): Promise<void>;
}

/** The server configured for Stripe, its API pointed at a fresh stand-in. */
export async function startStripeApp(
  db: TestDatabase,
  env: Record<string, string> = {},
): Promise<StripeTestApp> {
  const stripe = new StripeStandIn();
  const apiUrl = await stripe.start();
  const t = await startTestApp(db, {
    ...env,
    ...stripeSettings(apiUrl),
  });
  return {
    t,
    stripe,
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}

/** The Stripe app of a suite with the checkout helpers bound to it, so a test names only its data. */
export interface StripeShop extends StripeTestApp {
  createCheckout(body: unknown): request.Test;
  deliver(
    type: string,
    object: Record<string, unknown>,
    options?: { secret?: string; timestamp?: number },
  ): request.Test;
  deliverPayload(payload: string): request.Test;
  openSession(): Promise<string>;
  sessionStatus(sessionId: string): request.Test;
  orders(): Promise<StoredOrder[]>;
  checkoutSessions(): Promise<CheckoutSession[]>;
  /**
   * What a test of the shop starts from: no orders, sessions or charges, the stand-in up and its
   * record of requests empty.
   */
  reset(): Promise<void>;
}

/**
 * The Stripe app of a `describe`: started before its tests and closed after them. The handle is
 * filled in when the suite starts, so the tests' closures may name it from the outset.
 */
export function stripeAppOfSuite(db: TestDatabase, env: Record<string, string> = {}): StripeShop {
  const app = {} as StripeTestApp;
  beforeAll(async () => {
    Object.assign(app, await startStripeApp(db, env));
  });
  afterAll(async () => {
    await app.close?.();
  });
  return stripeShop(app);
}

/** The checkout helpers bound to `app`, which may be filled in later (when its suite starts). */
export function stripeShop(app: StripeTestApp): StripeShop {
  return {
    get t() {
      return app.t;
    },
    get stripe() {
      return app.stripe;
    },
    close: () => app.close(),
    createCheckout: (body) => createCheckout(app.t, body),
    deliver: (type, object, options) => deliver(app.t, type, object, options),
    deliverPayload: (payload) => deliverPayload(app.t, payload),
    openSession: () => openSession(app.t),
    sessionStatus: (sessionId) => sessionStatus(app.t, sessionId),
    orders: () => orders(app.t),
    checkoutSessions: () => checkoutSessions(app.t),
    async reset() {
      app.stripe.requests.length = 0;
      app.stripe.down = false;
      app.stripe.beforeSessionAnswer = null;
      await emptyShop(app.t);
    },
  };
}

export const shirt = (size = 'M', quantity = 1): CheckoutItem => ({
  productId: 'tshirt',
  size,
  quantity,
});

/** POST /api/create-checkout-session from the storefront's page. */
export const createCheckout = (t: TestApp, body: unknown) =>
  request(t.server)
    .post('/api/create-checkout-session')
    .set('Origin', t.config.publicUrl)
    .send(body as object);

/** The payment provider's session id of a checkout's answer (its URL ends with it). */
export const sessionOf = (res: { body: { url: string } }) => res.body.url.split('/').pop()!;

/** Delivers a signed event to the webhook, as Stripe does. */
export function deliver(
  t: TestApp,
  type: string,
  object: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
) {
  const payload = stripeEvent(type, object);
  return request(t.server)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', stripeSignature(payload, options.secret, options.timestamp))
    .send(payload);
}

/** Delivers one signed event as given, e.g. the same event twice as Stripe's retries do. */
export function deliverPayload(t: TestApp, payload: string) {
  return request(t.server)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', stripeSignature(payload))
    .send(payload);
}

/** The test payment provider's pay form as a buyer fills it in (no second address line). */
export const BUYER_FORM = {
  name: 'Loretta Lynn',
  email: 'loretta@example.com',
  line1: '10 Butcher Holler Rd',
  city: 'Van Lear',
  state: 'KY',
  postal_code: '41265',
  country: 'US',
};

/** Posts the pay form of the test provider's page at `path` as a browser does; `.send` the form. */
export const postPayForm = (t: TestApp, path: string) =>
  request(t.server).post(`${path}/pay`).set('Origin', t.config.publicUrl).type('form');

/** Checks `items` out with the test provider and pays on its page; answers the session id. */
export async function payWithTestProvider(
  t: TestApp,
  items: CheckoutItem[],
  form: object = BUYER_FORM,
): Promise<string> {
  const res = await createCheckout(t, { items }).expect(200);
  const path = new URL(res.body.url as string).pathname;
  await postPayForm(t, path).send(form).expect(303);
  return path.split('/').pop()!;
}

/** Opens a checkout of 1 × M and answers the id of the session it made. */
export async function openSession(t: TestApp): Promise<string> {
  const before = new Set((await checkoutSessions(t)).map((r) => r.sessionId));
  await createCheckout(t, { items: [shirt('M', 1)] }).expect(200);
  return (await checkoutSessions(t)).find((r) => !before.has(r.sessionId))!.sessionId;
}

export const sessionStatus = (t: TestApp, sessionId: string) =>
  request(t.server).get('/api/checkout/session-status').query({ session_id: sessionId });

/** An order as stored, with its lines, and its lines and address as the answers give them. */
export type StoredOrder = Order &
  Pick<OrderView, 'lines' | 'lineItems' | 'shippingAddress'> & { orderLines: OrderLine[] };

/** Every order, by id, with its lines. */
export async function orders(t: TestApp): Promise<StoredOrder[]> {
  const found = await t.app
    .get(DataSource)
    .getRepository(Order)
    .find({ order: { id: 'ASC' } });
  const placed = await t.app.get(OrdersService).withLines(found);
  return placed.map((order) => {
    const { lines, lineItems, shippingAddress } = toView(order);
    return { ...order, orderLines: order.lines, lines, lineItems, shippingAddress };
  });
}

export function checkoutSessions(t: TestApp): Promise<CheckoutSession[]> {
  return t.app.get(DataSource).getRepository(CheckoutSession).find();
}

export const lineItemsOf = (order: StoredOrder): OrderLineItem[] => order.lineItems;

/** Deletes every order and checkout session, so each test counts from zero. */
export async function emptyShop(t: TestApp): Promise<void> {
  const dataSource = t.app.get(DataSource);
  await dataSource.getRepository(Order).clear();
  await dataSource.getRepository(OrderLine).clear();
  await dataSource.getRepository(CheckoutSession).clear();
  await dataSource.getRepository(ChargeEvent).clear();
  // The sales report's kept figures go with the orders they were kept from.
  await dataSource.getRepository(SaleDay).clear();
}
