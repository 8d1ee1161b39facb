import { Clock } from '../src/common/clock.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';

const HOUR = 60 * 60 * 1000;
const COOKIE_PATH = '/api/checkout/session-status';

const WHOLE = {
  items: [{ name: 'Wren Calloway T-Shirt - M', quantity: 2, price: 2500 }],
  subtotal: 5000,
  discount: 0,
  discountCode: null,
  shipping: 500,
  tax: 0,
  total: 5500,
  shippingAddress: {
    name: 'June Carter',
    line1: '1 Music Row',
    line2: 'Suite 5',
    city: 'Nashville',
    state: 'TN',
    postalCode: '37203',
    country: 'US',
    phone: null,
  },
  lines: [
    {
      id: expect.any(Number),
      productId: 'tshirt',
      productName: 'Wren Calloway T-Shirt',
      size: 'M',
      kind: 'physical',
      quantity: 2,
      unitPriceCents: 2500,
      discountCents: 0,
      taxCents: 0,
      refundedQuantity: 0,
      shippedQuantity: 0,
    },
  ],
};

/** The `name=value` of the checkout cookie among an answer's Set-Cookie headers. */
function checkoutCookie(setCookie: string[] | string | undefined) {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith('artist.checkout='));
  if (!header) throw new Error('No checkout cookie was set');
  return { pair: header.split(';')[0]!, attributes: header.split(/;\s*/).slice(1) };
}

describe.each(testDatabases())('the receipt link on $name', (db) => {
  const s = stripeAppOfSuite(db);

  beforeEach(async () => {
    jest.restoreAllMocks();
    await s.reset();
  });

  /** A paid checkout: its session id, the checkout browser's cookie and the order's time. */
  async function paidCheckout() {
    const res = await s.createCheckout({ items: [shirt('M', 2)] }).expect(200);
    const id = [...s.stripe.sessions.keys()].at(-1)!;
    s.stripe.pay(id);
    await s.sessionStatus(id).expect(200);
    const [order] = (await s.orders()).filter((o) => o.stripeSessionId === id);
    return { id, cookie: checkoutCookie(res.headers['set-cookie']), order: order! };
  }
  const at = (time: number) =>
    jest.spyOn(s.t.app.get(Clock), 'now').mockImplementation(() => new Date(time));

  it('sets a cookie at checkout that names the session, for the receipt route only', async () => {
    const { id, cookie } = await paidCheckout();
    expect(cookie.pair).toMatch(new RegExp(`^artist\\.checkout=${id}\\.[A-Za-z0-9_-]{43}$`));
    expect(cookie.pair).not.toMatch(/june|carter|music/i);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining([
        'Max-Age=2592000',
        `Path=${COOKIE_PATH}`,
        'HttpOnly',
        'SameSite=Lax',
      ]),
    );
    expect(cookie.attributes).not.toContain('Secure');
  });

  it('shows anyone the whole receipt, address included, within 24 hours of the order', async () => {
    const { id, order } = await paidCheckout();
    at(order.createdAt.getTime() + 24 * HOUR - 60_000);
    const res = await s.sessionStatus(id).expect(200);
    expect(res.body).toEqual({
      paid: true,
      status: 'complete',
      order: { number: `#${order.id}`, ...WHOLE },
    });
  });

  it('shows a request without the cookie only the order number and items after 24 hours', async () => {
    const { id, order } = await paidCheckout();
    at(order.createdAt.getTime() + 24 * HOUR);
    const res = await s.sessionStatus(id).expect(200);
    expect(res.body).toEqual({
      paid: true,
      status: 'complete',
      order: { number: `#${order.id}`, items: WHOLE.items },
    });
    for (const personal of [SAMPLE_BUYER.name, SAMPLE_BUYER.email, 'Music Row', 'Nashville'])
      expect(res.text).not.toContain(personal);
  });

  it('still shows the browser that checked out the whole receipt after 24 hours', async () => {
    const { id, cookie, order } = await paidCheckout();
    at(order.createdAt.getTime() + 30 * 24 * HOUR);
    const res = await s.sessionStatus(id).set('Cookie', cookie.pair).expect(200);
    expect(res.body.order).toEqual({ number: `#${order.id}`, ...WHOLE });
    // Among other cookies, with the spaces browsers and proxies put around them.
    const among = await s
      .sessionStatus(id)
      .set('Cookie', `artist.sid=x; ${cookie.pair.replace('=', ' = ')} ;other=1`)
      .expect(200);
    expect(among.body.order).toEqual({ number: `#${order.id}`, ...WHOLE });
  });

  it('takes no cookie made from the link alone, nor the cookie of another checkout', async () => {
    const first = await paidCheckout();
    const second = await paidCheckout();
    at(second.order.createdAt.getTime() + 25 * HOUR);
    for (const forged of [
      `artist.checkout=${first.id}`,
      `artist.checkout=${first.id}.${'A'.repeat(43)}`,
      second.cookie.pair,
      second.cookie.pair.replace(second.id, first.id),
    ]) {
      const res = await s.sessionStatus(first.id).set('Cookie', forged).expect(200);
      expect([forged, res.body.order]).toEqual([
        forged,
        { number: `#${first.order.id}`, items: WHOLE.items },
      ]);
    }
  });
});

describe.each(oneDatabase())('the checkout cookie of an https site on $name', (db) => {
  const s = stripeAppOfSuite(db, { PUBLIC_URL: 'https://shop.example', TRUST_PROXY: '1' });

  it('is Secure', async () => {
    const res = await s.createCheckout({ items: [shirt()] }).expect(200);
    const cookie = checkoutCookie(res.headers['set-cookie']);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', `Path=${COOKIE_PATH}`]),
    );
  });
});
