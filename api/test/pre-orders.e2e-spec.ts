import request from 'supertest';
import { DataSource, Like } from 'typeorm';
import type { AdminProduct, Order, Product } from '@artist/contracts';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { loggedIn, putProduct } from './utils/admin.js';
import { lineItemsOf, shirt, stripeAppOfSuite, sessionOf } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

/** A date `days` from today, YYYY-MM-DD (UTC is enough: the tests keep days away from today). */
const daysFromNow = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** 'March 1, 2027' as the site writes a date. */
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

describe.each(testDatabases())('pre-orders on $name', (db) => {
  const s = stripeAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000' });

  beforeEach(() => s.reset());

  const setPreOrder = (id: string, preOrderUntil: string | null | undefined, status = 200) =>
    putProduct(s.t, id, { preOrderUntil }, status);

  it('sets and clears the date by PUT and POST, refusing what is not a date', async () => {
    const date = daysFromNow(60);
    const put = await setPreOrder('tshirt', date);
    expect((put.body as AdminProduct).preOrderUntil).toBe(date);
    // Left out, the date stays.
    expect(((await setPreOrder('tshirt', undefined)).body as AdminProduct).preOrderUntil).toBe(
      date,
    );
    const shop = (await request(s.t.server).get('/api/products').expect(200)).body as Product[];
    expect(shop.find((p) => p.id === 'tshirt')!.preOrderUntil).toBe(date);
    for (const bad of ['2027-02-30', 'soon', 20270301]) {
      const res = await setPreOrder('tshirt', bad as string, 400);
      expect(res.body.message).toContain(
        'preOrderUntil must be a date in YYYY-MM-DD format, or null for a product in hand',
      );
    }
    expect(((await setPreOrder('tshirt', null)).body as AdminProduct).preOrderUntil).toBeNull();

    const admin = await loggedIn(s.t);
    const created = await admin
      .post('/api/admin/products')
      .send({
        name: 'Vinyl Preorder',
        description: 'The new record.',
        priceInCents: 3000,
        image: null,
        sizes: [],
        preOrderUntil: date,
      })
      .expect(201);
    expect((created.body as AdminProduct).preOrderUntil).toBe(date);
    await admin.delete(`/api/admin/products/${(created.body as AdminProduct).id}`).expect(200);
  });

  it('sells a pre-order: marked on Stripe, the order, receipt, emails and the Orders tab', async () => {
    const date = daysFromNow(45);
    await setPreOrder('tshirt', date);
    try {
      const res = await s.createCheckout({ items: [shirt('M', 1)] }).expect(200);
      const [create] = s.stripe.creates();
      const note = `Pre-order — ships from ${longDate(date)}`;
      expect(create.body.line_items).toEqual([
        expect.objectContaining({
          price_data: expect.objectContaining({
            product_data: { name: 'Wren Calloway T-Shirt - M', description: note },
          }),
        }),
      ]);
      const id = sessionOf(res);
      await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
      const [order] = await s.orders();
      expect(order).toMatchObject({ preOrder: true, preOrderUntil: date });
      expect(lineItemsOf(order)[0]).toMatchObject({ pre_order_until: date });

      const receipt = await s.sessionStatus(id).expect(200);
      expect(receipt.body.order.items[0]).toMatchObject({ preOrderUntil: date });

      const emails = s.t.app.get(DataSource).getRepository(OutboxEmail);
      const confirmation = await emails.findOneByOrFail({ key: `order-confirmation:${order.id}` });
      expect(confirmation.text).toContain(note);
      expect(confirmation.mjml).toContain(note);

      const admin = await loggedIn(s.t);
      const list = await admin.get('/api/admin/orders').query({ status: 'pre-order' }).expect(200);
      expect((list.body.rows as Order[]).map((o) => [o.id, o.preOrder, o.preOrderUntil])).toEqual([
        [order.id, true, date],
      ]);
      // The shipped email goes as for any order.
      await admin
        .put(`/api/admin/orders/${order.id}`)
        .send({ fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784', notes: null })
        .expect(200);
      const shipped = await emails.findBy({ key: Like(`order-shipped:${order.id}:%`) });
      expect(shipped.map((e) => [e.kind, e.toAddress])).toEqual([['order-shipped', order.email]]);
      expect(shipped[0].text).toContain('1Z999AA10123456784');
    } finally {
      await setPreOrder('tshirt', null);
    }
  });

  it('takes stock as for any sale, and a product past its date is no pre-order', async () => {
    const admin = await loggedIn(s.t);
    await setPreOrder('tshirt', daysFromNow(30));
    try {
      await admin.put('/api/admin/products/tshirt/stock').send({ size: 'S', stock: 1 }).expect(200);
      await s.createCheckout({ items: [shirt('S', 1)] }).expect(200);
      await s.createCheckout({ items: [shirt('S', 1)] }).expect(409);
    } finally {
      await admin
        .put('/api/admin/products/tshirt/stock')
        .send({ size: 'S', stock: null })
        .expect(200);
    }
    await setPreOrder('tshirt', daysFromNow(-3));
    try {
      s.stripe.requests.length = 0;
      const res = await s.createCheckout({ items: [shirt('L', 1)] }).expect(200);
      const [create] = s.stripe.creates();
      expect(create.body.line_items).toEqual([
        expect.objectContaining({
          price_data: expect.objectContaining({
            product_data: { name: 'Wren Calloway T-Shirt - L' },
          }),
        }),
      ]);
      await s.deliver('checkout.session.completed', s.stripe.pay(sessionOf(res))).expect(200);
      const [order] = await s.orders();
      expect(order).toMatchObject({ preOrder: false, preOrderUntil: null });
      const list = await admin.get('/api/admin/orders').query({ status: 'pre-order' }).expect(200);
      expect(list.body.rows).toEqual([]);
    } finally {
      await setPreOrder('tshirt', null);
    }
  });
});
