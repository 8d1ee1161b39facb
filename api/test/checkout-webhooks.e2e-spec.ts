import request from 'supertest';
import { DataSource } from 'typeorm';
import type Stripe from 'stripe';
import { CheckoutSession } from '../src/modules/checkout/checkout-session.entity.js';
import { FulfilmentService } from '../src/modules/checkout/fulfilment.service.js';
import { toProviderSession } from '../src/modules/checkout/stripe-payment-provider.js';
import { formatShippingAddress } from '../src/common/order-format.js';
import { lineItemsOf, shirt, stripeAppOfSuite, type StoredOrder } from './utils/checkout.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';
import { stripeEvent, stripeSignature } from './utils/stripe-webhooks.js';

/** The stand-in's buyer's address as an order's answer gives it. */
const JUNE_ADDRESS = {
  name: SAMPLE_BUYER.name,
  line1: '1 Music Row',
  line2: 'Suite 5',
  city: 'Nashville',
  state: 'TN',
  postalCode: '37203',
  country: 'US',
  phone: null,
};

/** A line of T-shirts of one size at $25, as an order's answer gives it. */
const shirtLine = (size: string, quantity: number) => ({
  id: expect.any(Number),
  productId: 'tshirt',
  productName: 'Wren Calloway T-Shirt',
  size,
  kind: 'physical',
  quantity,
  unitPriceCents: 2500,
  discountCents: 0,
  taxCents: 0,
  refundedQuantity: 0,
  shippedQuantity: 0,
});

describe.each(testDatabases())('Stripe webhooks and the success return on $name', (db) => {
  const s = stripeAppOfSuite(db);

  beforeEach(() => s.reset());

  /** A checkout of 2 × M and 1 × XL (7500 + 500 shipping), returning the stand-in's session id. */
  async function openSession(): Promise<string> {
    await s.createCheckout({ items: [shirt('M', 2), shirt('XL', 1)] }).expect(200);
    const [record] = await s.checkoutSessions();
    return record.sessionId;
  }

  function expectTheOneOrder(list: StoredOrder[], sessionId: string) {
    expect(list).toHaveLength(1);
    const [order] = list;
    expect(order).toMatchObject({
      stripeSessionId: sessionId,
      email: SAMPLE_BUYER.email,
      customerName: SAMPLE_BUYER.name,
      total: 8000,
      paymentStatus: 'paid',
      paymentMethod: null,
      salesChannel: 'online',
      fulfillmentStatus: 'pending',
      showLocation: null,
    });
    expect(lineItemsOf(order)).toEqual([
      { product_name: 'Wren Calloway T-Shirt - M', quantity: 2, price: 2500 },
      { product_name: 'Wren Calloway T-Shirt - XL', quantity: 1, price: 2500 },
    ]);
    expect(order.shippingAddress).toEqual(JUNE_ADDRESS);
    expect(order.lines).toEqual([shirtLine('M', 2), shirtLine('XL', 1)]);
  }

  it('turns checkout.session.completed (paid) into one order and marks the session completed', async () => {
    const id = await openSession();
    const res = await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
    expect(res.body).toEqual({ received: true });
    expectTheOneOrder(await s.orders(), id);
    const [record] = await s.checkoutSessions();
    expect(record.status).toBe('completed');
    expect(record.completedAt).toBeInstanceOf(Date);
  });

  it("keeps the phone Stripe collected with the shipping address, and the order's product names", async () => {
    const id = await openSession();
    await s
      .deliver(
        'checkout.session.completed',
        s.stripe.pay(id, { ...SAMPLE_BUYER, phone: '+1 615 555 0142' }),
      )
      .expect(200);
    const [order] = await s.orders();
    expect(order.shipPhone).toBe('+1 615 555 0142');
    expect(order.shippingAddress).toEqual({ ...JUNE_ADDRESS, phone: '+1 615 555 0142' });
    // What the list's search index reads of the lines: each product sold, once.
    expect(order.productNames).toBe('Wren Calloway T-Shirt');
    const agent = await loggedIn(s.t);
    const [row] = (await agent.get('/api/admin/orders').expect(200)).body.rows;
    expect(row.shippingAddress.phone).toBe('+1 615 555 0142');
  });

  it('shows the order to the admin with the address readable', async () => {
    const id = await openSession();
    await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
    const agent = await loggedIn(s.t);
    const list = await agent.get('/api/admin/orders').expect(200);
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0]).toMatchObject({ stripeSessionId: id, total: 8000 });
    expect(formatShippingAddress(list.body.rows[0].shippingAddress)).toBe(
      'June Carter, 1 Music Row, Suite 5, Nashville, TN 37203, US',
    );
  });

  it('builds lines from our record, whatever the session object claims', async () => {
    const id = await openSession();
    const paid = s.stripe.pay(id);
    const tampered = { ...paid, line_items: { data: [{ description: 'Free', amount_total: 0 }] } };
    await s.deliver('checkout.session.completed', tampered).expect(200);
    expectTheOneOrder(await s.orders(), id);
  });

  it('makes exactly one order from a duplicate delivery', async () => {
    const id = await openSession();
    const paid = s.stripe.pay(id);
    await s.deliver('checkout.session.completed', paid).expect(200);
    await s.deliver('checkout.session.completed', paid).expect(200);
    expectTheOneOrder(await s.orders(), id);
  });

  it('makes exactly one order from a replay of the very same signed delivery', async () => {
    const id = await openSession();
    const payload = stripeEvent('checkout.session.completed', s.stripe.pay(id));
    const signature = stripeSignature(payload);
    for (let i = 0; i < 3; i++) {
      await request(s.t.server)
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        .send(payload)
        .expect(200);
    }
    expectTheOneOrder(await s.orders(), id);
  });

  it('makes exactly one order from 10 concurrent deliveries', async () => {
    const id = await openSession();
    const paid = s.stripe.pay(id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.deliver('checkout.session.completed', paid)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expectTheOneOrder(await s.orders(), id);
  });

  it('makes exactly one order from concurrent deliveries and success returns together', async () => {
    const id = await openSession();
    const paid = s.stripe.pay(id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? s.deliver('checkout.session.completed', paid) : s.sessionStatus(id),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expectTheOneOrder(await s.orders(), id);
  });

  it('relies on the unique key, not on the completed mark: a second fulfilment is refused by the key', async () => {
    const id = await openSession();
    const paid = toProviderSession(s.stripe.pay(id) as unknown as Stripe.Checkout.Session);
    const fulfilment = s.t.app.get(FulfilmentService);
    expect(await fulfilment.fulfilPaidSession(paid)).toBe('created');
    // As if the mark had not been seen yet: only the unique key stands in the way.
    await s.t.app
      .get(DataSource)
      .getRepository(CheckoutSession)
      .update({ sessionId: id }, { status: 'open' });
    expect(await fulfilment.fulfilPaidSession(paid)).toBe('already-fulfilled');
    expectTheOneOrder(await s.orders(), id);
  });

  /** What the success return answers once the session of `openSession` is paid. */
  const paidStatus = async () => ({
    paid: true,
    status: 'complete',
    order: {
      number: `#${(await s.orders())[0].id}`,
      items: [
        { name: 'Wren Calloway T-Shirt - M', quantity: 2, price: 2500 },
        { name: 'Wren Calloway T-Shirt - XL', quantity: 1, price: 2500 },
      ],
      subtotal: 7500,
      discount: 0,
      discountCode: null,
      shipping: 500,
      tax: 0,
      total: 8000,
      shippingAddress: JUNE_ADDRESS,
      lines: [shirtLine('M', 2), shirtLine('XL', 1)],
    },
  });

  it('webhook first, then the success return: one order, and the return reports paid', async () => {
    const id = await openSession();
    await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
    const res = await s.sessionStatus(id).expect(200);
    expect(res.body).toEqual(await paidStatus());
    expectTheOneOrder(await s.orders(), id);
  });

  it('success return first (webhook late), then the webhook: one order', async () => {
    const id = await openSession();
    const paid = s.stripe.pay(id);
    const res = await s.sessionStatus(id).expect(200);
    expect(res.body).toEqual(await paidStatus());
    expectTheOneOrder(await s.orders(), id);
    await s.deliver('checkout.session.completed', paid).expect(200);
    expectTheOneOrder(await s.orders(), id);
  });

  it('waits for async_payment_succeeded when the completed session is still unpaid', async () => {
    const id = await openSession();
    await s
      .deliver('checkout.session.completed', s.stripe.pay(id, SAMPLE_BUYER, 'unpaid'))
      .expect(200);
    expect(await s.orders()).toEqual([]);
    const status = await s.sessionStatus(id).expect(200);
    expect(status.body).toEqual({ paid: false, status: 'complete' });
    expect(await s.orders()).toEqual([]);
    await s.deliver('checkout.session.async_payment_succeeded', s.stripe.settle(id)).expect(200);
    expectTheOneOrder(await s.orders(), id);
  });

  it.each([
    'checkout.session.expired',
    'checkout.session.async_payment_failed',
    'charge.succeeded',
  ])('answers 200 to %s and ignores it', async (type) => {
    const id = await openSession();
    await s.deliver(type, s.stripe.pay(id)).expect(200);
    expect(await s.orders()).toEqual([]);
  });

  it('ignores a paid session it did not open', async () => {
    await openSession();
    const foreign = {
      ...s.stripe.pay((await s.checkoutSessions())[0].sessionId),
      id: 'cs_test_elsewhere',
    };
    await s.deliver('checkout.session.completed', foreign).expect(200);
    expect(await s.orders()).toEqual([]);
  });

  describe('refuses with 400 and writes nothing', () => {
    it('a forged signature (another secret)', async () => {
      const id = await openSession();
      const res = await s
        .deliver('checkout.session.completed', s.stripe.pay(id), {
          secret: 'whsec_forged',
        })
        .expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.message).toMatch(/^Webhook refused: /);
      expect(await s.orders()).toEqual([]);
    });

    it('an unsigned delivery', async () => {
      const id = await openSession();
      await request(s.t.server)
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .send(stripeEvent('checkout.session.completed', s.stripe.pay(id)))
        .expect(400);
      expect(await s.orders()).toEqual([]);
    });

    it('a stale delivery (signed an hour ago)', async () => {
      const id = await openSession();
      const res = await s
        .deliver('checkout.session.completed', s.stripe.pay(id), {
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        })
        .expect(400);
      expect(res.body.message).toMatch(/tolerance/i);
      expect(await s.orders()).toEqual([]);
    });

    it('a body changed after signing', async () => {
      const id = await openSession();
      const payload = stripeEvent('checkout.session.completed', s.stripe.pay(id));
      await request(s.t.server)
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', stripeSignature(payload))
        .send(payload.replace('"amount_total":8000', '"amount_total":1'))
        .expect(400);
      expect(await s.orders()).toEqual([]);
    });
  });

  it('is exempt from the origin check (Stripe sends no Origin) and from the admin guard', async () => {
    const id = await openSession();
    await s
      .deliver('checkout.session.completed', s.stripe.pay(id))
      .set('Origin', 'https://hooks.stripe.com')
      .expect(200);
    expectTheOneOrder(await s.orders(), id);
  });

  it('answers 500 when the database fails, so Stripe delivers again; the retry makes the order', async () => {
    const id = await openSession();
    const paid = s.stripe.pay(id);
    const dataSource = s.t.app.get(DataSource);
    const spy = jest
      .spyOn(dataSource, 'transaction')
      .mockRejectedValueOnce(new Error('connection lost'));
    const res = await s.deliver('checkout.session.completed', paid).expect(500);
    spy.mockRestore();
    expect(res.body.statusCode).toBe(500);
    expect(await s.orders()).toEqual([]);
    await s.deliver('checkout.session.completed', paid).expect(200);
    expectTheOneOrder(await s.orders(), id);
  });
});
