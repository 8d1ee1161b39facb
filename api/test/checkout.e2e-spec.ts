import request from 'supertest';
import { CHECKOUT_FAILED_MESSAGE, ONLINE_SHIPPING_CENTS } from '@artist/contracts';
import { Clock } from '../src/common/clock.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

describe.each(testDatabases())('create-checkout-session with Stripe on $name', (db) => {
  // Visitors of the status checks are told apart by X-Forwarded-For (a limit per address).
  const s = stripeAppOfSuite(db, { TRUST_PROXY: '1' });

  beforeEach(() => s.reset());

  it('creates a Stripe Checkout Session priced from the catalogue and answers its url', async () => {
    const res = await s
      .createCheckout({
        items: [shirt('M', 2), shirt('2XL', 1)],
      })
      .expect(200);
    const [create] = s.stripe.creates();
    const [session] = [...s.stripe.sessions.values()];
    expect(res.body).toEqual({ url: session.url });
    expect(create.body).toMatchObject({
      mode: 'payment',
      currency: 'usd',
      line_items: [
        {
          quantity: '2',
          price_data: {
            currency: 'usd',
            unit_amount: '2500',
            product_data: { name: 'Wren Calloway T-Shirt - M' },
          },
        },
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '2500',
            product_data: { name: 'Wren Calloway T-Shirt - 2XL' },
          },
        },
      ],
      // No country named: the United States zone, as the migration made it.
      shipping_address_collection: { allowed_countries: ['US'] },
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: 'Standard shipping',
            fixed_amount: { amount: String(ONLINE_SHIPPING_CENTS), currency: 'usd' },
          },
        },
      ],
      success_url: `${s.t.config.publicUrl}/?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${s.t.config.publicUrl}/?checkout=canceled`,
    });
    expect(create.body.shipping_options).toHaveLength(1);
    expect(create.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const [record] = await s.checkoutSessions();
    expect(record).toMatchObject({
      sessionId: session.id,
      provider: 'stripe',
      subtotal: 7500,
      shipping: 500,
      total: 8000,
      status: 'open',
    });
    expect(record.soldLines()).toEqual([
      {
        productId: 'tshirt',
        size: 'M',
        name: 'Wren Calloway T-Shirt - M',
        unitPrice: 2500,
        quantity: 2,
      },
      {
        productId: 'tshirt',
        size: '2XL',
        name: 'Wren Calloway T-Shirt - 2XL',
        unitPrice: 2500,
        quantity: 1,
      },
    ]);
    expect(await s.orders()).toEqual([]);
  });

  it('sends a fresh idempotency key with each checkout request', async () => {
    await s.createCheckout({ items: [shirt()] }).expect(200);
    await s.createCheckout({ items: [shirt()] }).expect(200);
    const keys = s.stripe.creates().map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it.each([
    [
      'a price field on the line',
      { items: [{ ...shirt(), price: 1 }] },
      'property price should not exist',
    ],
    [
      'a price field on the cart',
      { items: [shirt()], total: 1 },
      'property total should not exist',
    ],
    [
      'a priceInCents field',
      { items: [{ ...shirt(), priceInCents: 1 }] },
      'property priceInCents should not exist',
    ],
  ])('refuses %s, so no client can name a price', async (_name, body, message) => {
    const res = await s.createCheckout(body).expect(400);
    expect(res.body.message).toBe(message);
    expect(s.stripe.requests).toEqual([]);
  });

  const elevenLines = Array.from({ length: 11 }, () => shirt());
  it.each([
    ['no body', undefined, 'items must be a list of cart lines.'],
    ['no items', {}, 'items must be a list of cart lines.'],
    ['items not a list', { items: 'tshirt' }, 'items must be a list of cart lines.'],
    ['an empty cart', { items: [] }, 'Your cart is empty.'],
    ['more than 10 lines', { items: elevenLines }, 'A checkout can hold at most 10 lines.'],
    ['an unknown product', { items: [{ productId: 'mug', quantity: 1 }] }, 'Unknown product: mug.'],
    [
      'a missing productId',
      { items: [{ size: 'M', quantity: 1 }] },
      'Each line needs a productId.',
    ],
    [
      'a missing size',
      { items: [{ productId: 'tshirt', quantity: 1 }] },
      'Choose a size for the Wren Calloway T-Shirt.',
    ],
    ['an empty size', { items: [shirt('')] }, 'Choose a size for the Wren Calloway T-Shirt.'],
    [
      'an unknown size',
      { items: [shirt('XXL')] },
      'The Wren Calloway T-Shirt does not come in size XXL; choose S, M, L, XL, 2XL.',
    ],
    [
      'a lower-case size',
      { items: [shirt('m')] },
      'The Wren Calloway T-Shirt does not come in size m; choose S, M, L, XL, 2XL.',
    ],
    [
      'a size that is not text',
      { items: [{ productId: 'tshirt', size: 3, quantity: 1 }] },
      'Size must be text such as M.',
    ],
    ['quantity 0', { items: [shirt('M', 0)] }, 'Quantity must be a whole number from 1 to 10.'],
    ['quantity 11', { items: [shirt('M', 11)] }, 'Quantity must be a whole number from 1 to 10.'],
    ['quantity -1', { items: [shirt('M', -1)] }, 'Quantity must be a whole number from 1 to 10.'],
    ['quantity 1.5', { items: [shirt('M', 1.5)] }, 'Quantity must be a whole number from 1 to 10.'],
    [
      'quantity as text',
      { items: [{ ...shirt(), quantity: '2' }] },
      'Quantity must be a whole number from 1 to 10.',
    ],
    [
      'a missing quantity',
      { items: [{ productId: 'tshirt', size: 'M' }] },
      'Quantity must be a whole number from 1 to 10.',
    ],
    [
      'a line that is not an object',
      { items: ['tshirt'] },
      'Each cart line must be an object with productId, size and quantity.',
    ],
  ])(
    'refuses %s with 400 and a readable message, writing nothing',
    async (_name, body, message) => {
      const res = await s.createCheckout(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message });
      expect(s.stripe.requests).toEqual([]);
      expect(await s.checkoutSessions()).toEqual([]);
    },
  );

  it('refuses a sold-out product with 409 and a sentence for the cart, writing nothing', async () => {
    const res = await s.createCheckout({ items: [{ productId: 'hat', quantity: 1 }] }).expect(409);
    expect(res.body).toEqual({
      statusCode: 409,
      message: 'Sorry, the Trucker Hat just sold out. Please remove it from your cart.',
    });
    expect(s.stripe.requests).toEqual([]);
    expect(await s.checkoutSessions()).toEqual([]);
  });

  it('answers 502 with a readable message when Stripe is down, and writes nothing', async () => {
    s.stripe.down = true;
    const res = await s.createCheckout({ items: [shirt()] }).expect(502);
    expect(res.body).toEqual({ statusCode: 502, message: CHECKOUT_FAILED_MESSAGE });
    expect(s.stripe.creates().length).toBeGreaterThanOrEqual(1);
    expect(await s.checkoutSessions()).toEqual([]);
    expect(await s.orders()).toEqual([]);
  });

  it('refuses a checkout from another site (CSRF origin check)', async () => {
    await request(s.t.server)
      .post('/api/create-checkout-session')
      .set('Origin', 'https://evil.example')
      .send({ items: [shirt()] })
      .expect(403);
    expect(s.stripe.requests).toEqual([]);
  });

  describe('session-status', () => {
    it('refuses a malformed session id with 400', async () => {
      const res = await s.sessionStatus('not-a-session').expect(400);
      expect(res.body.message).toBe('session_id must be a checkout session id (cs_…).');
      await request(s.t.server).get('/api/checkout/session-status').expect(400);
    });

    it('answers 404 for a session this server did not open, without asking Stripe', async () => {
      const res = await s.sessionStatus('cs_test_someoneelse').expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Checkout session not found.' });
      expect(s.stripe.requests).toEqual([]);
    });

    it('reports an unpaid session as not paid and makes no order', async () => {
      await s.createCheckout({ items: [shirt()] }).expect(200);
      const [record] = await s.checkoutSessions();
      const res = await s.sessionStatus(record.sessionId).expect(200);
      expect(res.body).toEqual({ paid: false, status: 'open' });
      expect(await s.orders()).toEqual([]);
    });

    let visitor = 1;
    const nextVisitor = () => `203.0.113.${visitor++}`;

    async function openSessionId(): Promise<string> {
      await s.createCheckout({ items: [shirt()] }).set('X-Forwarded-For', nextVisitor());
      const [record] = (await s.checkoutSessions()).filter((r) => r.status === 'open');
      return record!.sessionId;
    }

    it('asks Stripe once for 500 checks at once from one address, and answers 429 past 60', async () => {
      const id = await openSessionId();
      const address = nextVisitor();
      s.stripe.requests.length = 0;
      // Time stands still, so however long a busy machine takes to answer the 500, all of them
      // fall within the 5 s that Stripe's answer is kept (the next test lets it lapse).
      const clock = s.t.app.get(Clock);
      jest.spyOn(clock, 'now').mockReturnValue(clock.now());
      let answers;
      try {
        answers = await Promise.all(
          Array.from({ length: 500 }, () => s.sessionStatus(id).set('X-Forwarded-For', address)),
        );
      } finally {
        jest.restoreAllMocks();
      }
      const answered = answers.filter((res) => res.status === 200);
      expect(answered).toHaveLength(60);
      for (const res of answered) expect(res.body).toEqual({ paid: false, status: 'open' });
      const refused = answers.filter((res) => res.status === 429);
      expect(refused).toHaveLength(440);
      for (const res of refused) {
        expect(res.body).toEqual({
          statusCode: 429,
          message: 'Too many requests. Please try again in 1 minute.',
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      expect(s.stripe.retrieves()).toHaveLength(1);
      // Another address is not held back by the first.
      await s.sessionStatus(id).set('X-Forwarded-For', nextVisitor()).expect(200);
    }, 120_000);

    it('makes one Stripe call for checks of one session arriving together from many visitors', async () => {
      const id = await openSessionId();
      s.stripe.requests.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => s.sessionStatus(id).set('X-Forwarded-For', nextVisitor())),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
      expect(s.stripe.retrieves()).toHaveLength(1);
    });

    it('keeps Stripe’s answer a few seconds, then asks again and sees the payment', async () => {
      const id = await openSessionId();
      s.stripe.requests.length = 0;
      const check = () => s.sessionStatus(id).set('X-Forwarded-For', nextVisitor());
      expect((await check().expect(200)).body).toEqual({ paid: false, status: 'open' });
      s.stripe.pay(id);
      expect((await check().expect(200)).body).toEqual({ paid: false, status: 'open' });
      expect(s.stripe.retrieves()).toHaveLength(1);
      const clock = s.t.app.get(Clock);
      const later = new Date(clock.now().getTime() + 6_000);
      jest.spyOn(clock, 'now').mockReturnValue(later);
      try {
        const paid = await check().expect(200);
        expect(paid.body).toMatchObject({ paid: true, status: 'complete' });
        expect(paid.body.order.items).toEqual([
          { name: 'Wren Calloway T-Shirt - M', quantity: 1, price: 2500 },
        ]);
      } finally {
        jest.restoreAllMocks();
      }
      expect(s.stripe.retrieves()).toHaveLength(2);
      expect(await s.orders()).toHaveLength(1);
    });

    it('answers a completed session from its order without asking Stripe', async () => {
      const id = await openSessionId();
      await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
      s.stripe.requests.length = 0;
      const res = await s.sessionStatus(id).set('X-Forwarded-For', nextVisitor()).expect(200);
      expect(res.body).toMatchObject({
        paid: true,
        status: 'complete',
        order: {
          items: [{ name: 'Wren Calloway T-Shirt - M', quantity: 1, price: 2500 }],
          subtotal: 2500,
          shipping: 500,
          total: 3000,
        },
      });
      expect(s.stripe.requests).toEqual([]);
    });

    it('answers 502 when Stripe cannot be reached', async () => {
      await s.createCheckout({ items: [shirt()] }).expect(200);
      const [record] = await s.checkoutSessions();
      s.stripe.down = true;
      const res = await s.sessionStatus(record.sessionId).expect(502);
      expect(res.body).toEqual({
        statusCode: 502,
        message: 'Failed to check the checkout session',
      });
    });
  });

  it('has no test checkout page when Stripe is configured', async () => {
    await s.createCheckout({ items: [shirt()] }).expect(200);
    const [record] = await s.checkoutSessions();
    await request(s.t.server).get(`/api/checkout/test/${record.sessionId}`).expect(404);
  });
});
