import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource, MoreThan } from 'typeorm';
import { ProductVariantRecord, StockReservation } from '../src/modules/catalog/product.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';

import { loggedIn } from './utils/admin.js';
import {
  emptyShop,
  orders,
  payWithTestProvider,
  shirt,
  stripeAppOfSuite,
  type StoredOrder,
} from './utils/checkout.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { testAppOfSuite, type TestApp } from './utils/test-app.js';

async function resetShirts(t: TestApp) {
  await emptyShop(t);
  const dataSource = t.app.get(DataSource);
  await dataSource.getRepository(StockReservation).clear();
  await dataSource
    .getRepository(ProductVariantRecord)
    .update({ productId: 'tshirt' }, { stock: null, sold: 0, reserved: 0 });
}

const variant = (t: TestApp, size: string) =>
  t.app
    .get(DataSource)
    .getRepository(ProductVariantRecord)
    .findOneByOrFail({ productId: 'tshirt', size });

describe.each(testDatabases())('refunds from the admin through Stripe on $name', (db) => {
  const s = stripeAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(s.t);
  });

  beforeEach(async () => {
    s.stripe.down = false;
    s.stripe.beforeRefundAnswer = null;
    await resetShirts(s.t);
  });

  /** A paid order of 2 × M and 1 × XL (7500 + 500 shipping); answers it and its session id. */
  async function paidOrder(): Promise<{ order: StoredOrder; sessionId: string }> {
    await s.createCheckout({ items: [shirt('M', 2), shirt('XL', 1)] }).expect(200);
    const record = (await s.checkoutSessions()).find((r) => r.status === 'open')!;
    await s.deliver('checkout.session.completed', s.stripe.pay(record.sessionId)).expect(200);
    const order = (await s.orders()).find((o) => o.stripeSessionId === record.sessionId)!;
    return { order, sessionId: record.sessionId };
  }

  /** The refunds Stripe was asked for on the order's payment. */
  const refundsOf = (order: StoredOrder) =>
    s.stripe.refundRequests().filter((r) => r.body.payment_intent === order.paymentIntentId);

  const refund = (id: number, body: object = {}) =>
    admin.post(`/api/admin/orders/${id}/refund`).send(body);

  it('refunds part, then the rest, through Stripe and answers the order each time', async () => {
    const { order } = await paidOrder();
    const first = await refund(order.id, { amount: 2500 }).expect(200);
    expect(first.body).toMatchObject({
      id: order.id,
      paymentStatus: 'partially_refunded',
      refundedAmount: 2500,
      restockedAt: null,
    });
    const [sent] = refundsOf(order);
    expect(sent.body).toMatchObject({
      payment_intent: order.paymentIntentId,
      amount: '2500',
      expand: ['charge'],
    });
    expect(sent.idempotencyKey).toEqual(expect.any(String));

    // Without an amount: the whole remainder.
    const rest = await refund(order.id).expect(200);
    expect(rest.body).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 8000 });
    expect(refundsOf(order)[1].body.amount).toBe('5500');
    expect(s.stripe.refunded.get(order.paymentIntentId!)).toBe(8000);
  });

  it('refuses with a sentence an amount above what is left, and changes nothing', async () => {
    const { order } = await paidOrder();
    await refund(order.id, { amount: 3000 }).expect(200);
    const above = await refund(order.id, { amount: 5001 }).expect(400);
    expect(above.body.message).toBe(
      'A refund of $50.01 is more than the $50.00 left to refund on this order.',
    );
    for (const [body, message] of [
      [{ amount: 0 }, 'The refund amount must be at least 1 cent'],
      [{ amount: 12.5 }, 'The refund amount must be a whole number of cents'],
      [{ amount: '10' }, 'The refund amount must be a whole number of cents'],
      [{ restock: 'yes' }, 'restock must be true or false'],
    ] as const) {
      const bad = await refund(order.id, body).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain(message);
    }
    await refund(order.id).expect(200);
    const done = await refund(order.id, { amount: 1 }).expect(400);
    expect(done.body.message).toBe('This order has been refunded in full already.');
    expect(refundsOf(order)).toHaveLength(2);
    await refund(999_999).expect(404);
    // A merch-table sale has no online payment to refund.
    const manual = await admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'in-person',
        showLocation: 'Ryman Auditorium',
        paymentMethod: 'cash',
        lineItems: [{ product_name: 'Wren Calloway T-Shirt - S', quantity: 1, price: 2500 }],
      })
      .expect(201);
    const cash = await refund(manual.body.id as number).expect(400);
    expect(cash.body.message).toMatch(/^This order was not paid through checkout/);
    expect(refundsOf(order)).toHaveLength(2);
    // Only the admin refunds.
    await request(s.t.server)
      .post(`/api/admin/orders/${order.id}/refund`)
      .set('Origin', s.t.config.publicUrl)
      .send({})
      .expect(401);
  });

  it('counts a refund once when charge.refunded arrives after the answer', async () => {
    const { order, sessionId } = await paidOrder();
    await refund(order.id, { amount: 2000 }).expect(200);
    await s.deliver('charge.refunded', s.stripe.charge(sessionId, 2000)).expect(200);
    let [stored] = await s.orders();
    expect(stored).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 2000 });
    await refund(order.id, { amount: 1000 }).expect(200);
    await s.deliver('charge.refunded', s.stripe.charge(sessionId, 3000)).expect(200);
    // A late repeat of the first webhook changes nothing either.
    await s.deliver('charge.refunded', s.stripe.charge(sessionId, 2000)).expect(200);
    [stored] = await s.orders();
    expect(stored).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 3000 });
  });

  it('counts a refund once when charge.refunded arrives before the answer', async () => {
    const { order } = await paidOrder();
    const delivered: number[] = [];
    s.stripe.beforeRefundAnswer = async (charge) => {
      const res = await s.deliver('charge.refunded', charge);
      delivered.push(res.status);
      // The webhook has set the order before the refund's answer is in.
      const [stored] = await s.orders();
      expect(stored.refundedAmount).toBe(charge.amount_refunded);
    };
    const res = await refund(order.id, { amount: 4000 }).expect(200);
    expect(delivered).toEqual([200]);
    expect(res.body).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 4000 });
    const full = await refund(order.id).expect(200);
    expect(delivered).toEqual([200, 200]);
    expect(full.body).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 8000 });
  });

  it('refunds at most what is left when two refunds are asked at once', async () => {
    const { order } = await paidOrder();
    const results = await Promise.all([
      refund(order.id, { amount: 5000 }),
      refund(order.id, { amount: 5000 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = results.find((r) => r.status === 400)!;
    expect(refused.body.message).toBe(
      'A refund of $50.00 is more than the $30.00 left to refund on this order.',
    );
    const [stored] = await s.orders();
    expect(stored.refundedAmount).toBe(5000);
    expect(s.stripe.refunded.get(order.paymentIntentId!)).toBe(5000);
  });

  it('puts the items back in stock once when asked', async () => {
    await admin.put('/api/admin/products/tshirt/stock').send({ size: 'M', stock: 2 }).expect(200);
    await admin.put('/api/admin/products/tshirt/stock').send({ size: 'XL', stock: 5 }).expect(200);
    const { order } = await paidOrder();
    expect(await variant(s.t, 'M')).toMatchObject({ stock: 2, sold: 2, reserved: 0 });
    const res = await refund(order.id, { amount: 1000, restock: true }).expect(200);
    expect(res.body.restockedAt).toEqual(expect.any(String));
    expect(await variant(s.t, 'M')).toMatchObject({ stock: 2, sold: 0 });
    expect(await variant(s.t, 'XL')).toMatchObject({ stock: 5, sold: 0 });
    const again = await refund(order.id, { amount: 1000, restock: true }).expect(400);
    expect(again.body.message).toMatch(/put back in stock already/);
    // A refund without the box still goes through, and the stock stays.
    await refund(order.id, { amount: 1000 }).expect(200);
    expect(await variant(s.t, 'M')).toMatchObject({ stock: 2, sold: 0 });
    expect(refundsOf(order)).toHaveLength(2);
  });

  it('refunds 1 of 2 shirts by line: the amount Stripe is sent, 1 back in stock, shown on the order', async () => {
    await admin.put('/api/admin/products/tshirt/stock').send({ size: 'M', stock: 2 }).expect(200);
    await admin.put('/api/admin/products/tshirt/stock').send({ size: 'XL', stock: 5 }).expect(200);
    const { order } = await paidOrder();
    const [shirts, xl] = order.lines;
    expect(shirts).toMatchObject({ size: 'M', quantity: 2 });
    const res = await refund(order.id, { lines: [{ lineId: shirts.id, quantity: 1 }] }).expect(200);
    expect(refundsOf(order).map((r) => r.body.amount)).toEqual(['2500']);
    expect(res.body).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 2500 });
    expect(res.body.lines).toEqual([
      expect.objectContaining({ id: shirts.id, quantity: 2, refundedQuantity: 1 }),
      expect.objectContaining({ id: xl.id, quantity: 1, refundedQuantity: 0 }),
    ]);
    expect(await variant(s.t, 'M')).toMatchObject({ stock: 2, sold: 1 });
    expect(await variant(s.t, 'XL')).toMatchObject({ stock: 5, sold: 1 });
    const listed = await admin.get('/api/admin/orders').expect(200);
    expect(listed.body.rows[0].lines[0]).toMatchObject({ id: shirts.id, refundedQuantity: 1 });

    // More than is left of a line, a line of another order, both forms at once: a sentence.
    for (const [body, message] of [
      [
        { lines: [{ lineId: shirts.id, quantity: 2 }] },
        'Only 1 of Wren Calloway T-Shirt - M is left to refund on this order.',
      ],
      [{ lines: [{ lineId: 999_999, quantity: 1 }] }, 'Line 999999 is not on this order.'],
      [
        { amount: 100, lines: [{ lineId: xl.id, quantity: 1 }] },
        'Send either an amount or lines to refund, not both.',
      ],
      [
        { lines: [{ lineId: xl.id, quantity: 0 }] },
        'The quantity to refund must be a whole number of at least 1',
      ],
      [{ lines: [] }, 'lines must name at least one line to refund'],
    ] as const) {
      const bad = await refund(order.id, body).expect(400);
      expect(JSON.stringify(bad.body.message)).toContain(message);
    }
    expect(refundsOf(order)).toHaveLength(1);

    // The rest, without putting it back: the last units bring the shipping with them.
    const rest = await refund(order.id, {
      lines: [
        { lineId: shirts.id, quantity: 1 },
        { lineId: xl.id, quantity: 1 },
      ],
      restock: false,
    }).expect(200);
    expect(refundsOf(order).map((r) => r.body.amount)).toEqual(['2500', '5500']);
    expect(rest.body).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 8000 });
    expect(await variant(s.t, 'M')).toMatchObject({ stock: 2, sold: 1 });
    expect(await variant(s.t, 'XL')).toMatchObject({ stock: 5, sold: 1 });
  });

  it("emails the buyer each refund with what it gave back, and the fan's Total spent is net of it", async () => {
    const { order } = await paidOrder();
    const outbox = s.t.app.get(DataSource).getRepository(OutboxEmail);
    // Order ids start again after the shop is emptied: only this test's emails count.
    const since = (await outbox.maximum('id')) ?? 0;
    const emails = () =>
      outbox.find({
        where: { kind: 'order-refunded', id: MoreThan(since) },
        order: { id: 'ASC' },
      });
    const totalSpent = async () => {
      const { body } = await admin
        .get('/api/admin/fans')
        .query({ search: order.email })
        .expect(200);
      return (body.rows as { email: string; totalSpent: number }[]).find(
        (f) => f.email === order.email,
      )!.totalSpent;
    };
    // The fan may have spent before (other tests' orders): this order adds its $80.00.
    const before = (await totalSpent()) - 8000;

    // A whole-amount refund: the amount, and what is refunded and kept in all.
    await refund(order.id, { amount: 4500 }).expect(200);
    const [first] = await emails();
    expect(first).toMatchObject({
      subject: 'Your refund of $45.00',
      toAddress: order.email,
      subjectType: 'order',
      subjectId: String(order.id),
    });
    expect(first.text).toContain(`$45.00 of order #${order.id} has been refunded`);
    expect(first.text).toContain('Refunded in all: $45.00 of $80.00');
    expect(first.text).toContain('Still paid: $35.00');
    expect(await totalSpent()).toBe(before + 3500);

    // By line: the line named, with how many.
    const xl = order.lines.find((line) => line.size === 'XL')!;
    await refund(order.id, { lines: [{ lineId: xl.id, quantity: 1 }] }).expect(200);
    const [, second] = await emails();
    expect(second.subject).toBe('Your refund of $25.00');
    expect(second.text).toContain('Refunded:\n1 x Wren Calloway T-Shirt - XL');
    expect(second.text).toContain('Refunded in all: $70.00 of $80.00');
    expect(await totalSpent()).toBe(before + 1000);

    // A refund the provider refuses to make sends nothing.
    s.stripe.down = true;
    await refund(order.id, { amount: 500 }).expect(502);
    s.stripe.down = false;
    expect(await emails()).toHaveLength(2);
    expect(await totalSpent()).toBe(before + 1000);
  });

  it('answers 502 and records nothing when Stripe is down', async () => {
    const { order } = await paidOrder();
    s.stripe.down = true;
    const res = await refund(order.id, { amount: 1000, restock: true }).expect(502);
    expect(res.body.message).toBe(
      'The payment provider could not be reached, so nothing was refunded. Please try again.',
    );
    s.stripe.down = false;
    const [stored] = await s.orders();
    expect(stored).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0, restockedAt: null });
  });
});

describe.each(oneDatabase())('refunds of test orders on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(async () => {
    await resetShirts(t);
  });

  it('refunds an order of the test provider in parts, and puts its items back', async () => {
    await admin.put('/api/admin/products/tshirt/stock').send({ size: 'L', stock: 3 }).expect(200);
    await payWithTestProvider(t, [shirt('L', 3)]);
    const [order] = await orders(t);
    expect(order).toMatchObject({ testMode: true, total: 8000 });
    expect(order.paymentIntentId).toMatch(/^pi_test_local_[0-9a-f]{24}$/);
    expect(await variant(t, 'L')).toMatchObject({ stock: 3, sold: 3 });

    const part = await admin
      .post(`/api/admin/orders/${order.id}/refund`)
      .send({ amount: 500, restock: true })
      .expect(200);
    expect(part.body).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 500 });
    expect(await variant(t, 'L')).toMatchObject({ stock: 3, sold: 0 });
    const above = await admin
      .post(`/api/admin/orders/${order.id}/refund`)
      .send({ amount: 7501 })
      .expect(400);
    expect(above.body.message).toBe(
      'A refund of $75.01 is more than the $75.00 left to refund on this order.',
    );
    const rest = await admin.post(`/api/admin/orders/${order.id}/refund`).send({}).expect(200);
    expect(rest.body).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 8000 });
  });

  it('erases the name and address an erased fan left on an unshipped order once it is refunded in full', async () => {
    await payWithTestProvider(t, [shirt('S', 1)], {
      name: 'Tammy Wynette',
      email: 'tammy@example.com',
      line1: '5 Stand By Lane',
      city: 'Tupelo',
      state: 'MS',
      postal_code: '38801',
      country: 'US',
    });
    const [order] = await orders(t);
    const fan = (await admin.get('/api/admin/fans?search=tammy').expect(200)).body.rows[0];
    const erased = await admin.delete(`/api/admin/fans/${fan.id}`).expect(200);
    expect(erased.body.ordersKeptForShipping).toBe(1);
    let [kept] = await orders(t);
    expect(kept).toMatchObject({ customerName: 'Tammy Wynette', email: 'erased', fanId: null });
    expect(kept.shippingAddress?.line1).toBe('5 Stand By Lane');

    // A partial refund does not close it; the rest does.
    await admin.post(`/api/admin/orders/${order.id}/refund`).send({ amount: 100 }).expect(200);
    [kept] = await orders(t);
    expect(kept.customerName).toBe('Tammy Wynette');
    const done = await admin.post(`/api/admin/orders/${order.id}/refund`).send({}).expect(200);
    expect(done.body).toMatchObject({
      paymentStatus: 'refunded',
      customerName: 'erased',
      email: 'erased',
      shippingAddress: {
        name: null,
        line1: 'erased',
        line2: null,
        city: null,
        state: null,
        postalCode: null,
        country: null,
        phone: null,
      },
    });
    [kept] = await orders(t);
    expect(kept.eraseWhenClosed).toBe(false);
    const search = await admin.get('/api/admin/orders?status=all&search=wynette').expect(200);
    expect(search.body.rows).toEqual([]);
  });
});
