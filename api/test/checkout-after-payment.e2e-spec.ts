import { loggedIn } from './utils/admin.js';
import { stripeAppOfSuite } from './utils/checkout.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { stripeEvent } from './utils/stripe-webhooks.js';

describe.each(testDatabases())('an order follows its money after checkout, on $name', (db) => {
  const s = stripeAppOfSuite(db);

  beforeEach(() => s.reset());

  /** Pays and delivers checkout.session.completed: the order exists after this. */
  async function paidOrder(): Promise<string> {
    const id = await s.openSession();
    await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
    return id;
  }

  const onlyOrder = async () => {
    const list = await s.orders();
    expect(list).toHaveLength(1);
    return list[0];
  };

  it("stores the order's payment intent", async () => {
    const id = await paidOrder();
    const order = await onlyOrder();
    expect(order.paymentIntentId).toBe(s.stripe.sessions.get(id)!.payment_intent);
    expect(order.paymentIntentId).toMatch(/^pi_/);
    expect(order).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
  });

  it("marks a full refund 'refunded', once however often Stripe delivers it", async () => {
    const id = await paidOrder();
    const payload = stripeEvent('charge.refunded', s.stripe.charge(id, 3000));
    const answers = await Promise.all([1, 2, 3].map(() => s.deliverPayload(payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await onlyOrder()).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3000 });
  });

  it("marks a partial refund 'partially_refunded' with the refunded cents, in any order of arrival", async () => {
    const id = await paidOrder();
    // Two partial refunds (1000, then 500 more): the later event arrives with the earlier.
    await Promise.all([
      s.deliver('charge.refunded', s.stripe.charge(id, 1500)).expect(200),
      s.deliver('charge.refunded', s.stripe.charge(id, 1000)).expect(200),
      s.deliver('charge.refunded', s.stripe.charge(id, 1500)).expect(200),
    ]);
    expect(await onlyOrder()).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedAmount: 1500,
    });
  });

  it("marks a dispute 'disputed'", async () => {
    const id = await paidOrder();
    const payload = stripeEvent('charge.dispute.created', s.stripe.dispute(id));
    await Promise.all([s.deliverPayload(payload), s.deliverPayload(payload)]);
    expect(await onlyOrder()).toMatchObject({ paymentStatus: 'disputed', refundedAmount: 0 });
  });

  it('applies a refund that arrives before checkout.session.completed when the order appears', async () => {
    const id = await s.openSession();
    const paid = s.stripe.pay(id);
    await s.deliver('charge.refunded', s.stripe.charge(id, 3000)).expect(200);
    expect(await s.orders()).toEqual([]);
    await s.deliver('checkout.session.completed', paid).expect(200);
    expect(await onlyOrder()).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3000 });
  });

  it('ends refunded whichever of the refund and the completion lands first, sent together', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await s.openSession());
    await Promise.all(
      ids.flatMap((id) => {
        const paid = stripeEvent('checkout.session.completed', s.stripe.pay(id));
        const refund = stripeEvent('charge.refunded', s.stripe.charge(id, 3000));
        return [
          s.deliverPayload(refund).expect(200),
          s.deliverPayload(paid).expect(200),
          s.deliverPayload(refund).expect(200),
          s.sessionStatus(id).expect(200),
          s.deliverPayload(paid).expect(200),
        ];
      }),
    );
    const list = await s.orders();
    expect(list).toHaveLength(4);
    for (const order of list) {
      expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3000 });
    }
  });

  it('makes one order when a delayed payment succeeds, however often that is delivered', async () => {
    const id = await s.openSession();
    const unpaid = s.stripe.pay(id, undefined, 'unpaid');
    await s.deliver('checkout.session.completed', unpaid).expect(200);
    expect(await s.orders()).toEqual([]);
    const payload = stripeEvent('checkout.session.async_payment_succeeded', s.stripe.settle(id));
    await Promise.all([1, 2, 3].map(() => s.deliverPayload(payload).expect(200)));
    expect(await onlyOrder()).toMatchObject({ stripeSessionId: id, paymentStatus: 'paid' });
  });

  it.each([
    ['checkout.session.async_payment_failed', 'failed'],
    ['checkout.session.expired', 'expired'],
  ])('makes no order on %s and closes the pending checkout row', async (type, state) => {
    const id = await s.openSession();
    const session =
      type === 'checkout.session.expired'
        ? { ...s.stripe.sessions.get(id)!, status: 'expired' }
        : s.stripe.pay(id, undefined, 'unpaid');
    const payload = stripeEvent(type, session);
    await Promise.all([s.deliverPayload(payload), s.deliverPayload(payload)]);
    expect(await s.orders()).toEqual([]);
    const [record] = (await s.checkoutSessions()).filter((r) => r.sessionId === id);
    expect(record.status).toBe(state);
  });

  it('leaves a completed checkout row completed when a late expiry arrives', async () => {
    const id = await paidOrder();
    await s.deliver('checkout.session.expired', { ...s.stripe.sessions.get(id)! }).expect(200);
    const [record] = await s.checkoutSessions();
    expect(record.status).toBe('completed');
    expect(await s.orders()).toHaveLength(1);
  });

  it('makes the order on the return page before the webhook, and the late webhook changes nothing', async () => {
    const id = await s.openSession();
    const paid = s.stripe.pay(id);
    const status = await s.sessionStatus(id).expect(200);
    // The receipt the return page shows is the order this call just made.
    expect(status.body).toEqual({
      paid: true,
      status: 'complete',
      order: expect.objectContaining({ number: `#${(await onlyOrder()).id}`, shipping: 500 }),
    });
    expect(await onlyOrder()).toMatchObject({
      stripeSessionId: id,
      paymentIntentId: paid.payment_intent,
    });
    await s.deliver('checkout.session.completed', paid).expect(200);
    expect(await s.orders()).toHaveLength(1);
  });

  it('shows, filters and exports the payment status; a refunded order is not to ship', async () => {
    const refunded = await paidOrder();
    const partial = await paidOrder();
    const kept = await paidOrder();
    await s.deliver('charge.refunded', s.stripe.charge(refunded, 3000)).expect(200);
    await s.deliver('charge.refunded', s.stripe.charge(partial, 1250)).expect(200);
    const admin = await loggedIn(s.t);
    const list = async (status: string) =>
      (
        (await admin.get('/api/admin/orders').query({ status }).expect(200)).body.rows as {
          stripeSessionId: string;
        }[]
      )
        .map((o) => o.stripeSessionId)
        .sort();
    expect(await list('pending')).toEqual([partial, kept].sort());
    expect(await list('refunded')).toEqual([refunded]);
    expect(await list('partially_refunded')).toEqual([partial]);
    expect(await list('paid')).toEqual([kept]);
    expect(await list('all')).toHaveLength(3);
    const csv = csvRecords((await admin.get('/api/admin/orders/export').expect(200)).text);
    const row = (id: string) => csv.find((r) => r.paymentSessionId === id);
    expect(row(refunded)).toMatchObject({ paymentStatus: 'refunded', refunded: '30.00' });
    expect(row(partial)).toMatchObject({ paymentStatus: 'partially_refunded', refunded: '12.50' });
    expect(row(kept)).toMatchObject({ paymentStatus: 'paid', refunded: '0.00' });
    await admin.get('/api/admin/orders').query({ status: 'lost' }).expect(400);
  });
});
