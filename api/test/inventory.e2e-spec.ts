import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import {
  CHECKOUT_FAILED_MESSAGE,
  type AdminProduct,
  type CheckoutItem,
  type ListPage,
  type Product,
} from '@artist/contracts';
import { Clock } from '../src/common/clock.js';
import { CatalogService } from '../src/modules/catalog/catalog.service.js';
import { ProductVariantRecord, StockReservation } from '../src/modules/catalog/product.entity.js';
import { CheckoutCleanupService } from '../src/modules/checkout/checkout-cleanup.service.js';
import { loggedIn } from './utils/admin.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

const MINUTE = 60_000;

describe.each(testDatabases())('stock and its reservations on $name', (db) => {
  // Buyers are told apart by X-Forwarded-For: what one address may hold is capped.
  const s = stripeAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000', TRUST_PROXY: '1' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(s.t);
  });

  beforeEach(async () => {
    jest.restoreAllMocks();
    await s.reset();
    await s.t.app.get(DataSource).getRepository(StockReservation).clear();
    await s.t.app
      .get(DataSource)
      .getRepository(ProductVariantRecord)
      .update({ productId: 'tshirt' }, { stock: null, sold: 0, reserved: 0 });
  });

  const setStock = (id: string, size: string | null, stock: number | null) =>
    admin.put(`/api/admin/products/${id}/stock`).send({ size, stock });

  const variant = (size: string) =>
    s.t.app
      .get(DataSource)
      .getRepository(ProductVariantRecord)
      .findOneByOrFail({ productId: 'tshirt', size });

  const reservations = async (sessionId: string) =>
    (await s.t.app.get(DataSource).getRepository(StockReservation).findBy({ sessionId })).map(
      ({ quantity, state }) => ({ quantity, state }),
    );

  const publicShirt = async () =>
    ((await request(s.t.server).get('/api/products').expect(200)).body as Product[]).find(
      (p) => p.id === 'tshirt',
    )!;

  /** Opens a checkout of `items` from `address` and answers its session id. */
  async function openCart(items: CheckoutItem[], address = '127.0.0.1'): Promise<string> {
    const before = new Set((await s.checkoutSessions()).map((r) => r.sessionId));
    await s.createCheckout({ items }).set('X-Forwarded-For', address).expect(200);
    return (await s.checkoutSessions()).find((r) => !before.has(r.sessionId))!.sessionId;
  }

  const openSession = (size = 'M', quantity = 1) => openCart([shirt(size, quantity)]);

  it('serves the migrated catalogue with its variants: shirt sizes not tracked, hat none left', async () => {
    const products = (await request(s.t.server).get('/api/products').expect(200)).body as Product[];
    expect(products.map((p) => [p.id, p.name, p.priceInCents, p.type, p.available])).toEqual([
      ['tshirt', 'Wren Calloway T-Shirt', 2500, 'purchase', true],
      ['hat', 'Trucker Hat', 2500, 'notify', false],
    ]);
    expect(products[0]!.sizes).toEqual(['S', 'M', 'L', 'XL', '2XL']);
    expect(products[0]!.variants).toEqual(
      ['S', 'M', 'L', 'XL', '2XL'].map((size) => ({ size, available: true, left: null })),
    );
    expect(products[1]!.variants).toEqual([{ size: null, available: false, left: 0 }]);
  });

  it('sets one size’s stock, says how many are left at 5 or fewer, and refuses bad values', async () => {
    const res = await setStock('tshirt', 'M', 10).expect(200);
    expect((res.body as AdminProduct).variants.find((v) => v.size === 'M')).toEqual({
      size: 'M',
      stock: 10,
      reserved: 0,
      sold: 0,
      left: 10,
    });
    expect((await publicShirt()).variants[1]).toEqual({ size: 'M', available: true, left: null });
    await setStock('tshirt', 'M', 3).expect(200);
    expect((await publicShirt()).variants[1]).toEqual({ size: 'M', available: true, left: 3 });
    await setStock('tshirt', 'M', 0).expect(200);
    expect((await publicShirt()).variants[1]).toEqual({ size: 'M', available: false, left: 0 });

    for (const [body, message] of [
      [{ size: 'M', stock: -1 }, 'stock must be a whole number from 0, or null for not tracked'],
      [{ size: 'M', stock: 2.5 }, 'stock must be a whole number from 0, or null for not tracked'],
      [{ size: 'XXL', stock: 1 }, 'The Wren Calloway T-Shirt comes in S, M, L, XL, 2XL; not XXL.'],
      [{ size: 7, stock: 1 }, "size must be one of the product's sizes, or null"],
      [{ size: null, stock: 1 }, 'The Wren Calloway T-Shirt comes in S, M, L, XL, 2XL; not null.'],
    ] as const) {
      const bad = await admin.put('/api/admin/products/tshirt/stock').send(body).expect(400);
      expect(bad.body.message).toBe(message);
    }
    await admin.put('/api/admin/products/poster/stock').send({ size: null, stock: 1 }).expect(404);
    expect((await variant('M')).stock).toBe(0);
    await request(s.t.server).put('/api/admin/products/tshirt/stock').send({ size: 'M', stock: 1 });
    expect((await variant('M')).stock).toBe(0);
  });

  it('lists products in the admin with their stock per size, and filters low and sold-out stock', async () => {
    const page = (await admin.get('/api/admin/products?sort=name').expect(200)).body as ListPage<
      AdminProduct,
      string
    >;
    expect(page.rows.map((p) => p.id)).toEqual(['hat', 'tshirt']);
    expect(page.rows[0]!.variants).toEqual([
      { size: null, stock: 0, reserved: 0, sold: 0, left: 0 },
    ]);
    expect(page.counts).toEqual({ all: 2, 'low-stock': 1, 'sold-out': 1, archived: 0 });
    // By default in the shop's order.
    const shopOrder = (await admin.get('/api/admin/products').expect(200)).body;
    expect(shopOrder.rows.map((p: AdminProduct) => p.id)).toEqual(['tshirt', 'hat']);
    await setStock('tshirt', 'L', 4).expect(200);
    const low = (await admin.get('/api/admin/products?status=low-stock&sort=name').expect(200))
      .body;
    expect(low.rows.map((p: AdminProduct) => p.id)).toEqual(['hat', 'tshirt']);
    const soldOut = (await admin.get('/api/admin/products?status=sold-out').expect(200)).body;
    expect(soldOut.rows.map((p: AdminProduct) => p.id)).toEqual(['hat']);
  });

  it('sells exactly what is left when more buyers than stock check out at once', async () => {
    await setStock('tshirt', 'M', 10).expect(200);
    const buyers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        s.createCheckout({ items: [shirt('M', 1)] }).set('X-Forwarded-For', `203.0.113.${i + 1}`),
      ),
    );
    const created = buyers.filter((r) => r.status === 200);
    const refused = buyers.filter((r) => r.status === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(15);
    expect(refused[0]!.body.message).toBe(
      'Sorry, the Wren Calloway T-Shirt - M just sold out. Please remove it from your cart.',
    );
    expect(await variant('M')).toMatchObject({ stock: 10, reserved: 10, sold: 0 });
    expect(s.stripe.creates()).toHaveLength(10);
    expect((await publicShirt()).variants[1]).toEqual({ size: 'M', available: false, left: 0 });
  });

  it('refuses a cart asking for more than is left with 409 naming the item and how many', async () => {
    await setStock('tshirt', 'S', 3).expect(200);
    const res = await s
      .createCheckout({
        items: [shirt('S', 2), shirt('L', 1), shirt('S', 2)],
      })
      .expect(409);
    expect(res.body.message).toBe(
      'Sorry, only 3 of the Wren Calloway T-Shirt - S are left. Please lower the quantity in your cart.',
    );
    expect(await variant('S')).toMatchObject({ stock: 3, reserved: 0 });
    expect(await s.checkoutSessions()).toEqual([]);
    const hat = await s.createCheckout({ items: [{ productId: 'hat', quantity: 1 }] });
    expect(hat.status).toBe(409);
    expect(hat.body.message).toBe(
      'Sorry, the Trucker Hat just sold out. Please remove it from your cart.',
    );
  });

  it('refuses five lines of 10 of one size with 400, holding nothing, so one request cannot take a drop', async () => {
    await setStock('tshirt', 'M', 50).expect(200);
    const created = s.stripe.creates().length;
    const res = await s
      .createCheckout({
        items: Array.from({ length: 5 }, () => shirt('M', 10)),
      })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'A checkout can hold at most 10 of the Wren Calloway T-Shirt - M.',
    });
    expect(await variant('M')).toMatchObject({ stock: 50, reserved: 0, sold: 0 });
    expect(s.stripe.creates()).toHaveLength(created);
    expect(await s.checkoutSessions()).toEqual([]);
    await s
      .createCheckout({ items: [shirt('M', 2)] })
      .set('X-Forwarded-For', '203.0.113.77')
      .expect(200);
  });

  it('merges lines of one size before holding and selling them, and refuses more than 20 items in all', async () => {
    await setStock('tshirt', 'M', 20).expect(200);
    await setStock('tshirt', 'L', 5).expect(200);
    const id = (await openCart([shirt('M', 3), shirt('L', 1), shirt('M', 4)]))!;
    const [record] = await s.checkoutSessions();
    expect(record!.soldLines().map((l) => [l.name, l.quantity])).toEqual([
      ['Wren Calloway T-Shirt - M', 7],
      ['Wren Calloway T-Shirt - L', 1],
    ]);
    expect(await reservations(id)).toEqual([
      { quantity: 7, state: 'held' },
      { quantity: 1, state: 'held' },
    ]);
    expect(await variant('M')).toMatchObject({ reserved: 7 });

    const res = await s
      .createCheckout({
        items: [shirt('S', 10), shirt('XL', 10), shirt('2XL', 1)],
      })
      .set('X-Forwarded-For', '203.0.113.78')
      .expect(400);
    expect(res.body.message).toBe('A checkout can hold at most 20 items.');
    expect(await s.checkoutSessions()).toHaveLength(1);
  });

  it('says how many are left only at 5 or fewer: beyond, that there are not enough for the quantity asked', async () => {
    await setStock('tshirt', 'M', 8).expect(200);
    const many = await s.createCheckout({ items: [shirt('M', 10)] }).expect(409);
    expect(many.body.message).toBe(
      'Sorry, there are not enough of the Wren Calloway T-Shirt - M left for 10. Please lower the quantity in your cart.',
    );
    await setStock('tshirt', 'M', 5).expect(200);
    const few = await s.createCheckout({ items: [shirt('M', 6)] }).expect(409);
    expect(few.body.message).toBe(
      'Sorry, only 5 of the Wren Calloway T-Shirt - M are left. Please lower the quantity in your cart.',
    );

    // Refused by the hold itself (another buyer took some after the counts were read): the same.
    await setStock('tshirt', 'L', 12).expect(200);
    const catalog = s.t.app.get(CatalogService);
    const read = catalog.forCheckout.bind(catalog);
    jest.spyOn(catalog, 'forCheckout').mockImplementationOnce(async (id) => {
      const product = await read(id);
      await s
        .createCheckout({ items: [shirt('L', 4)] })
        .set('X-Forwarded-For', '203.0.113.79')
        .expect(200);
      return product;
    });
    const raced = await s.createCheckout({ items: [shirt('L', 9)] }).expect(409);
    expect(raced.body.message).toBe(
      'Sorry, there are not enough of the Wren Calloway T-Shirt - L left for 9. Please lower the quantity in your cart.',
    );
    expect(await variant('L')).toMatchObject({ stock: 12, reserved: 4 });
  });

  it('lets one address hold at most 10 of a size across its open checkouts, answering 429 with Retry-After', async () => {
    await setStock('tshirt', 'M', 50).expect(200);
    await setStock('tshirt', 'L', 50).expect(200);
    const from = (address: string, ...items: CheckoutItem[]) =>
      s.createCheckout({ items }).set('X-Forwarded-For', address);
    const buyer = '203.0.113.80';
    const first = await openCart([shirt('M', 6)], buyer);
    const over = await from(buyer, shirt('M', 5)).expect(429);
    expect(over.body).toEqual({
      statusCode: 429,
      message:
        'Your open checkouts already hold 6 of the Wren Calloway T-Shirt - M, and one buyer may hold at most 10 at a time. Please lower the quantity to 4, or try again in 35 minutes.',
    });
    // Until the buyer's first checkout's hold lapses: its session's 30 minutes and the hold's
    // margin of 5.
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(34 * 60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(35 * 60);
    await openCart([shirt('M', 4)], buyer);
    const full = await from(buyer, shirt('L', 1), shirt('M', 1)).expect(429);
    expect(full.body.message).toBe(
      'Your open checkouts already hold 10 of the Wren Calloway T-Shirt - M, the most one buyer may hold at a time. Please try again in 35 minutes.',
    );
    expect(await variant('M')).toMatchObject({ reserved: 10 });
    expect(await variant('L')).toMatchObject({ reserved: 0 });
    // Another size, and another address, are not affected.
    await from(buyer, shirt('L', 10)).expect(200);
    await from('203.0.113.81', shirt('M', 10)).expect(200);

    // A checkout given up (expired at Stripe) no longer counts.
    const expired = { ...s.stripe.sessions.get(first)!, status: 'expired' };
    await s.deliver('checkout.session.expired', expired).expect(200);
    await openCart([shirt('M', 6)], buyer);
    await from(buyer, shirt('M', 1)).expect(429);
    // Nor does one past its expiry, before the sweep has given its hold back.
    jest.spyOn(Clock.prototype, 'now').mockReturnValue(new Date(Date.now() + 36 * MINUTE));
    await from(buyer, shirt('M', 10)).expect(200);
  });

  it('holds stock 5 minutes longer than the session lives, its 30 minutes counted from its creation at Stripe', async () => {
    await setStock('tshirt', 'M', 20).expect(200);
    const clock = s.t.app.get(Clock);
    const expiriesOf = async (sessionId: string) =>
      (await s.t.app.get(DataSource).getRepository(StockReservation).findBy({ sessionId })).map(
        (r) => Number(r.expiresAt),
      );
    // The stock was held 3 minutes before Stripe is called (a busy site, a slow database): the
    // session still gets its full 30 minutes at Stripe (and a minute for the request to get
    // there), and the hold still outlasts it.
    const late = Date.now();
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() - 3 * MINUTE));
    const slow = await openSession('M', 2);
    const sent = Number(s.stripe.creates().at(-1)!.body.expires_at);
    expect(sent).toBeGreaterThanOrEqual(Math.floor(late / 1000) + 31 * 60);
    expect(sent).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 31 * 60);
    const [slowHold] = await expiriesOf(slow);
    expect(slowHold).toBeGreaterThan(sent * 1000);
    expect(slowHold).toBeLessThanOrEqual(Date.now() - 3 * MINUTE + 35 * MINUTE);

    // Held in time, the hold lasts the session's 30 minutes and 5 more.
    jest.restoreAllMocks();
    const before = Date.now();
    const quick = await openSession('M', 1);
    const [quickHold] = await expiriesOf(quick);
    expect(quickHold).toBeGreaterThanOrEqual(before + 35 * MINUTE);
    expect(quickHold).toBeLessThanOrEqual(Date.now() + 35 * MINUTE);
    // Stripe's expiry is 31 minutes ahead (30, and a minute for the request to reach it).
    expect(quickHold - Number(s.stripe.creates().at(-1)!.body.expires_at) * 1000).toBeGreaterThan(
      3 * MINUTE,
    );

    // A hold that would lapse before the session (Stripe reached 4 minutes or more after the
    // hold): no session is opened, and the stock is given back.
    const creates = s.stripe.creates().length;
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() - 6 * MINUTE));
    const refused = await s.createCheckout({ items: [shirt('M', 4)] }).expect(502);
    expect(refused.body.message).toBe(CHECKOUT_FAILED_MESSAGE);
    expect(s.stripe.creates()).toHaveLength(creates);
    expect(await variant('M')).toMatchObject({ stock: 20, sold: 0, reserved: 3 });
  });

  it('holds by the size as it is when the artist starts or stops counting it during a checkout', async () => {
    const catalog = s.t.app.get(CatalogService);
    const read = catalog.forCheckout.bind(catalog);
    const changeAfterRead = (size: string, stock: number | null) =>
      jest.spyOn(catalog, 'forCheckout').mockImplementationOnce(async (id) => {
        const product = await read(id);
        await setStock('tshirt', size, stock).expect(200);
        return product;
      });

    // Read as not tracked, then set to 2: the checkout holds one of the 2.
    changeAfterRead('M', 2);
    const held = await openSession('M');
    expect(await variant('M')).toMatchObject({ stock: 2, reserved: 1, sold: 0 });
    expect(await reservations(held)).toEqual([{ quantity: 1, state: 'held' }]);

    // Read with 1 left, then no longer tracked: nothing to hold, and the checkout goes ahead.
    await setStock('tshirt', 'S', 1).expect(200);
    changeAfterRead('S', null);
    const untracked = await openSession('S');
    expect(await variant('S')).toMatchObject({ stock: null, reserved: 0 });
    expect(await reservations(untracked)).toEqual([]);

    // Read with 1 left, then set to 0: refused, nothing held.
    await setStock('tshirt', 'L', 1).expect(200);
    changeAfterRead('L', 0);
    const res = await s.createCheckout({ items: [shirt('L', 1)] }).expect(409);
    expect(res.body.message).toBe(
      'Sorry, the Wren Calloway T-Shirt - L just sold out. Please remove it from your cart.',
    );
    expect(await variant('L')).toMatchObject({ stock: 0, reserved: 0 });
  });

  it('gives back what an expired session held, once, and sells what a paid one held', async () => {
    await setStock('tshirt', 'M', 5).expect(200);
    const expiring = await openSession('M', 2);
    const paying = await openSession('M', 1);
    expect(await variant('M')).toMatchObject({ reserved: 3, sold: 0 });
    const expired = { ...s.stripe.sessions.get(expiring)!, status: 'expired' };
    await s.deliver('checkout.session.expired', expired).expect(200);
    await s.deliver('checkout.session.expired', expired).expect(200);
    expect(await variant('M')).toMatchObject({ stock: 5, reserved: 1, sold: 0 });
    const paid = s.stripe.pay(paying);
    await s.deliver('checkout.session.completed', paid).expect(200);
    await s.deliver('checkout.session.completed', paid).expect(200);
    // An expiry of a paid session (never sent by Stripe, but webhooks can come in any order)
    // changes nothing.
    await s.deliver('checkout.session.expired', { ...paid, status: 'expired' }).expect(200);
    expect(await variant('M')).toMatchObject({ stock: 5, reserved: 0, sold: 1 });
    expect(await s.orders()).toHaveLength(1);
    expect((await publicShirt()).variants[1]!.left).toBe(4);
  });

  it('sells a session paid just before its expiry even when its hold was already given back', async () => {
    await setStock('tshirt', 'L', 1).expect(200);
    const id = await openSession('L', 1);
    await s.t.app
      .get(DataSource)
      .getRepository(StockReservation)
      .update({ sessionId: id }, { expiresAt: Date.now() - 40 * MINUTE });
    // Stripe still says open: the sweeper asks and leaves it held.
    const sweeper = s.t.app.get(CheckoutCleanupService);
    expect(await sweeper.settleExpiredHolds()).toBe(0);
    expect(await variant('L')).toMatchObject({ reserved: 1 });
    // The buyer paid in the last second; the webhook is lost, the sweeper finds the payment.
    s.stripe.pay(id);
    expect(await sweeper.settleExpiredHolds()).toBe(1);
    expect(await variant('L')).toMatchObject({ stock: 1, reserved: 0, sold: 1 });
    expect(await s.orders()).toHaveLength(1);
  });

  it('gives back holds of sessions Stripe expired when the webhook never came', async () => {
    await setStock('tshirt', 'XL', 2).expect(200);
    const id = await openSession('XL', 2);
    const now = Date.now();
    jest.spyOn(Clock.prototype, 'now').mockReturnValue(new Date(now + 38 * MINUTE));
    s.stripe.sessions.get(id)!.status = 'expired';
    expect(await s.t.app.get(CheckoutCleanupService).settleExpiredHolds()).toBe(1);
    expect(await variant('XL')).toMatchObject({ stock: 2, reserved: 0, sold: 0 });
    const [record] = await s.checkoutSessions();
    expect(record!.status).toBe('expired');
  });

  it('takes a merch-table sale from stock, and records one beyond it with a warning', async () => {
    await setStock('tshirt', 'XL', 2).expect(200);
    const sale = (quantity: number) =>
      admin
        .post('/api/admin/orders/manual')
        .send({
          salesChannel: 'in-person',
          showLocation: 'The Bluebird Cafe',
          paymentMethod: 'cash',
          lineItems: [{ product_name: 'Wren Calloway T-Shirt - XL', quantity, price: 2500 }],
        })
        .expect(201);
    expect((await sale(1)).body.stockWarnings).toEqual([]);
    expect(await variant('XL')).toMatchObject({ stock: 2, sold: 1 });
    expect((await sale(3)).body.stockWarnings).toEqual([
      'The site showed 1 of the Wren Calloway T-Shirt - XL left; the stock now counts this sale, with none left.',
    ]);
    const after = await variant('XL');
    expect(after.stock! - after.sold - after.reserved).toBe(0);
    expect(after).toMatchObject({ stock: 4, sold: 4 });
  });

  it('refuses to set less stock than open checkouts hold', async () => {
    await setStock('tshirt', 'S', 4).expect(200);
    await openSession('S', 3);
    const res = await setStock('tshirt', 'S', 2).expect(409);
    expect(res.body.message).toBe(
      '3 of the Wren Calloway T-Shirt - S are held by open checkouts; set at least 3.',
    );
    await setStock('tshirt', 'S', 3).expect(200);
    expect(await variant('S')).toMatchObject({ stock: 3, reserved: 3 });
  });
});
