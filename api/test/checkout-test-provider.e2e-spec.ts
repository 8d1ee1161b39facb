import request from 'supertest';
import { DataSource } from 'typeorm';
import { ProductVariantRecord, StockReservation } from '../src/modules/catalog/product.entity.js';
import { CheckoutCleanupService } from '../src/modules/checkout/checkout-cleanup.service.js';
import { CheckoutService } from '../src/modules/checkout/checkout.service.js';
import {
  BUYER_FORM,
  checkoutSessions,
  createCheckout,
  emptyShop,
  lineItemsOf,
  orders,
  sessionStatus,
  shirt,
} from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

/**
 * The form as a buyer may type it: the email in capitals with a space after (the order keeps it
 * normalised), line2 left empty.
 */
const TYPED_FORM = { ...BUYER_FORM, email: 'Loretta@Example.com ', line2: '' };

describe.each(testDatabases())('the built-in test payment provider on $name', (db) => {
  const t = testAppOfSuite(db);

  beforeEach(async () => {
    await emptyShop(t);
  });

  /** Checks out and answers the path of the test checkout page. */
  async function checkoutPath(items = [shirt('L', 3)]): Promise<string> {
    const res = await createCheckout(t, { items }).expect(200);
    const url = new URL(res.body.url as string);
    expect(url.origin).toBe(t.config.publicUrl);
    expect(url.pathname).toMatch(/^\/api\/checkout\/test\/cs_test_local_[0-9a-f]{24}$/);
    return url.pathname;
  }

  const post = (path: string) =>
    request(t.server).post(path).set('Origin', t.config.publicUrl).type('form');

  it('shows a test checkout page with the lines, shipping and total, marked as a test', async () => {
    const path = await checkoutPath();
    const page = await request(t.server).get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Test checkout — no real payment');
    expect(page.text).toContain('Wren Calloway T-Shirt - L');
    expect(page.text).toContain('$75.00');
    expect(page.text).toContain('$5.00');
    expect(page.text).toContain('$80.00');
    expect(page.text).toContain(`action="${path}/pay"`);
    expect(page.text).toContain(`action="${path}/cancel"`);
    // The cart was priced for the United States zone: it ships there only.
    expect(page.text).toContain('<option value="US" selected>United States</option>');
    for (const code of ['CA', 'GB', 'AU', 'NZ']) {
      expect(page.text).not.toContain(`<option value="${code}"`);
    }
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('Pay makes the order and redirects 303 to the success URL', async () => {
    const path = await checkoutPath();
    const sessionId = path.split('/').pop()!;
    const res = await post(`${path}/pay`).send(TYPED_FORM).expect(303);
    expect(res.headers.location).toBe(
      `${t.config.publicUrl}/?checkout=success&session_id=${sessionId}`,
    );
    const [order] = await orders(t);
    expect(order).toMatchObject({
      stripeSessionId: sessionId,
      email: 'loretta@example.com',
      customerName: 'Loretta Lynn',
      total: 8000,
      paymentStatus: 'paid',
      salesChannel: 'online',
      fulfillmentStatus: 'pending',
    });
    expect(lineItemsOf(order)).toEqual([
      { product_name: 'Wren Calloway T-Shirt - L', quantity: 3, price: 2500 },
    ]);
    expect(order.shippingAddress).toEqual({
      name: 'Loretta Lynn',
      line1: '10 Butcher Holler Rd',
      line2: null,
      city: 'Van Lear',
      state: 'KY',
      postalCode: '41265',
      country: 'US',
      phone: null,
    });

    // The storefront's success return reports it paid; paying twice changes nothing.
    const status = await sessionStatus(t, sessionId).expect(200);
    expect(status.body).toEqual({
      paid: true,
      status: 'complete',
      order: expect.objectContaining({
        number: `#${(await orders(t))[0].id}`,
        shippingAddress: expect.objectContaining({ city: 'Van Lear', postalCode: '41265' }),
      }),
    });
    await post(`${path}/pay`).send(TYPED_FORM).expect(303);
    expect(await orders(t)).toHaveLength(1);
    const page = await request(t.server).get(path).expect(200);
    expect(page.text).toContain('This session has been paid.');
  });

  it('Cancel redirects 303 to the cancel URL and makes no order', async () => {
    const path = await checkoutPath();
    const res = await post(`${path}/cancel`).send({}).expect(303);
    expect(res.headers.location).toBe(`${t.config.publicUrl}/?checkout=canceled`);
    expect(await orders(t)).toEqual([]);
    const status = await sessionStatus(t, path.split('/').pop()!).expect(200);
    expect(status.body).toEqual({ paid: false, status: 'open' });
  });

  describe('on a closed session', () => {
    const variants = () => t.app.get(DataSource).getRepository(ProductVariantRecord);
    /** The stock, holds and sales of the L shirt. */
    const sizeL = async () => {
      const { stock, reserved, sold } = await variants().findOneByOrFail({
        productId: 'tshirt',
        size: 'L',
      });
      return { stock, reserved, sold };
    };
    let stockBefore: number | null;

    // Three L shirts left, so a checkout of three holds them all.
    beforeEach(async () => {
      const { stock, reserved, sold } = await sizeL();
      stockBefore = stock;
      await variants().update({ productId: 'tshirt', size: 'L' }, { stock: reserved + sold + 3 });
    });

    afterEach(async () => {
      await variants().update({ productId: 'tshirt', size: 'L' }, { stock: stockBefore });
    });

    /** Pay on a closed session: 410 with a sentence, no order, stock as it was. */
    async function refusedPay(path: string) {
      const before = await sizeL();
      const res = await post(`${path}/pay`).send(TYPED_FORM).expect(410);
      expect(res.body).toEqual({
        statusCode: 410,
        message:
          'This checkout was cancelled or has expired, and nothing was charged: go back to the cart to check out again.',
      });
      expect(await orders(t)).toEqual([]);
      expect(await sizeL()).toEqual(before);
      const sessionId = path.split('/').pop()!;
      const [session] = (await checkoutSessions(t)).filter((s) => s.sessionId === sessionId);
      expect(session.status).toBe('expired');
    }

    it('refuses Pay after Cancel (410): no order, and the shirts another buyer holds stay held', async () => {
      const path = await checkoutPath();
      await post(`${path}/cancel`).send({}).expect(303);
      // The three shirts given back are held by the next buyer.
      await checkoutPath();
      await refusedPay(path);
    });

    it('refuses Pay when a Cancel closes the session between its look and its order (410)', async () => {
      const before = await sizeL();
      const path = await checkoutPath();
      const checkout = t.app.get(CheckoutService);
      const findOwn = checkout.findOwn.bind(checkout);
      // Pay reads the session while it is open; the buyer's Cancel, in another tab, lands then.
      jest.spyOn(checkout, 'findOwn').mockImplementationOnce(async (sessionId) => {
        const record = await findOwn(sessionId);
        await post(`${path}/cancel`).send({}).expect(303);
        return record;
      });
      const res = await post(`${path}/pay`).send(TYPED_FORM).expect(410);
      expect(res.body.message).toBe(
        'This checkout was cancelled or has expired, and nothing was charged: go back to the cart to check out again.',
      );
      expect(await orders(t)).toEqual([]);
      // What the session held went back to stock with the cancel, and nothing was sold.
      expect(await sizeL()).toEqual(before);
    });

    it('refuses Pay once the session has expired (410): no order, nothing sold', async () => {
      const path = await checkoutPath();
      const sessionId = path.split('/').pop()!;
      await t.app
        .get(DataSource)
        .getRepository(StockReservation)
        .update({ sessionId }, { expiresAt: Date.now() - 60 * 60_000 });
      expect(await t.app.get(CheckoutCleanupService).settleExpiredHolds()).toBeGreaterThan(0);
      await refusedPay(path);
    });
  });

  it.each([
    ['no name', { name: '' }, 'Name is required'],
    ['a bad email', { email: 'nope' }, 'Please enter a valid email address'],
    ['no address', { line1: ' ' }, 'Address line 1 is required'],
    [
      'a country it does not ship to',
      { country: 'GB' },
      'This order ships only to United States; go back to the cart to choose another country.',
    ],
    ['an extra field', { price: '1' }, 'property price should not exist'],
  ])('refuses a payment with %s and makes no order', async (_name, change, message) => {
    const path = await checkoutPath();
    const res = await post(`${path}/pay`)
      .send({ ...TYPED_FORM, ...change })
      .expect(400);
    expect(res.body.message).toBe(message);
    expect(await orders(t)).toEqual([]);
  });

  it('returns the fan to the host of this site they came from, never to another', async () => {
    // Without PUBLIC_URL the site answers on any host it is reached at (local use): a fan on
    // 127.0.0.1 pays and comes back there, where their checkout's cookie is.
    expect(t.config.publicUrlSet).toBe(false);
    const port = new URL(t.config.publicUrl).port;
    const here = `http://127.0.0.1:${port}`;
    const res = await request(t.server)
      .post('/api/create-checkout-session')
      .set('Host', `127.0.0.1:${port}`)
      .set('Origin', here)
      .send({ items: [shirt('L', 1)] })
      .expect(200);
    const page = new URL(res.body.url as string);
    expect(page.origin).toBe(here);
    const pay = await request(t.server)
      .post(`${page.pathname}/pay`)
      .set('Host', `127.0.0.1:${port}`)
      .set('Origin', here)
      .type('form')
      .send(TYPED_FORM)
      .expect(303);
    expect(pay.headers.location).toMatch(new RegExp(`^${here}/\\?checkout=success&session_id=`));
    // An Origin naming a host other than the one asked (a forged header) is refused outright.
    await request(t.server)
      .post('/api/create-checkout-session')
      .set('Host', `127.0.0.1:${port}`)
      .set('Origin', 'https://evil.example')
      .send({ items: [shirt('L', 1)] })
      .expect(403);
    // A request that names no site returns to PUBLIC_URL's default.
    const unsaid = await request(t.server)
      .post('/api/create-checkout-session')
      .set('Host', `127.0.0.1:${port}`)
      .send({ items: [shirt('L', 1)] })
      .expect(200);
    expect(new URL(unsaid.body.url as string).origin).toBe(t.config.publicUrl);
  });

  it('answers 404 for a session it does not know', async () => {
    await request(t.server).get('/api/checkout/test/cs_test_local_nope').expect(404);
    await post('/api/checkout/test/cs_test_local_nope/pay').send(TYPED_FORM).expect(404);
    expect(await checkoutSessions(t)).toEqual([]);
  });

  it('refuses a payment posted from another site', async () => {
    const path = await checkoutPath();
    await request(t.server)
      .post(`${path}/pay`)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(TYPED_FORM)
      .expect(403);
    expect(await orders(t)).toEqual([]);
  });

  it('refuses webhooks, having no secret to check them with', async () => {
    const res = await request(t.server)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{}')
      .expect(400);
    expect(res.body.message).toMatch(/not set up/);
  });
});
