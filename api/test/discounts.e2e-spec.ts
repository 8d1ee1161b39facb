import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import {
  DISCOUNT_EMAIL_NEEDED_MESSAGE,
  type DiscountCode,
  type DiscountCodeInput,
} from '@artist/contracts';
import { FoldOncePerEmailAddresses1767980000000 } from '../src/database/migrations/1767980000000-FoldOncePerEmailAddresses.js';
import { DiscountHold } from '../src/modules/discounts/discount.entity.js';
import { browser, loggedIn } from './utils/admin.js';
import {
  createCheckout,
  orders,
  postPayForm,
  shirt,
  stripeAppOfSuite,
  sessionOf,
} from './utils/checkout.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { createRelease, removeReleases } from './utils/releases.js';
import { testAppOfSuite, type TestApp } from './utils/test-app.js';

const CODE: DiscountCodeInput = {
  code: 'tour10',
  percentOff: 10,
  amountOffCents: null,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  oncePerEmail: false,
  productIds: null,
  active: true,
};

const HOUR = 60 * 60 * 1000;
const USED_BY_EMAIL = 'This code has already been used with this email address.';
let codes = 0;
/** A code of its own for each test, so no test sees another's uses. */
const fresh = (input: Partial<DiscountCodeInput> = {}): DiscountCodeInput => ({
  ...CODE,
  code: `CODE${++codes}`,
  ...input,
});

const check = (t: TestApp, body: unknown) =>
  browser(t)
    .post('/api/discounts/check')
    .send(body as object);

describe.each(testDatabases())('discount codes with Stripe on $name', (db) => {
  const s = stripeAppOfSuite(db, {
    CHECKOUT_RATE_LIMIT: '1000',
    DISCOUNT_CHECK_RATE_LIMIT: '1000',
  });

  beforeEach(() => s.reset());

  async function create(input: DiscountCodeInput): Promise<DiscountCode> {
    const admin = await loggedIn(s.t);
    return (await admin.post('/api/admin/discounts').send(input).expect(201)).body as DiscountCode;
  }

  it('keeps codes to the admin, in upper case, one of a kind, on the shared list', async () => {
    await request(s.t.server).get('/api/admin/discounts').expect(401);
    await browser(s.t).post('/api/admin/discounts').send(CODE).expect(401);
    const admin = await loggedIn(s.t);
    const created = await admin.post('/api/admin/discounts').send(CODE).expect(201);
    expect(created.body).toEqual({ ...CODE, id: expect.any(Number), code: 'TOUR10', uses: 0 });
    const again = await admin.post('/api/admin/discounts').send({ ...CODE, code: 'Tour10' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The code TOUR10 already exists.');
    for (const [body, message] of [
      [{ ...CODE, code: 'ab' }, "A code is 3 to 30 letters, digits, '-' or '_'."],
      [{ ...CODE, amountOffCents: 500 }, 'Give either a percent off or an amount off, not both.'],
      [{ ...CODE, percentOff: null }, 'Give either a percent off or an amount off, not both.'],
      [
        { ...CODE, code: 'NEW1', percentOff: 101 },
        'Percent off must be a whole number from 1 to 100.',
      ],
      [
        { ...CODE, code: 'NEW2', startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
        'The end must come after the start.',
      ],
    ] as const) {
      const res = await admin.post('/api/admin/discounts').send(body).expect(400);
      expect(res.body.message).toContain(message);
    }
    const id = created.body.id as number;
    const edited = await admin
      .put(`/api/admin/discounts/${id}`)
      .send({ ...CODE, active: false, maxUses: 50 })
      .expect(200);
    expect(edited.body).toMatchObject({ id, active: false, maxUses: 50 });
    await admin.put('/api/admin/discounts/999999').send(CODE).expect(404);
    const list = await admin
      .get('/api/admin/discounts')
      .query({ status: 'inactive', search: 'tour' })
      .expect(200);
    expect(list.body.rows.map((row: DiscountCode) => row.code)).toEqual(['TOUR10']);
    expect(list.body.total).toBe(1);
    await admin.get('/api/admin/discounts').query({ status: 'nope' }).expect(400);
  });

  it('answers the cart with the code applied, or 422 saying why it does not apply', async () => {
    const tenOff = await create(fresh());
    const res = await check(s.t, {
      code: tenOff.code.toLowerCase(),
      items: [shirt('M', 2)],
      country: 'US',
    }).expect(200);
    expect(res.body).toEqual({
      subtotalCents: 5000,
      discountCents: 500,
      shippingCents: 500,
      totalCents: 5000,
    });
    const now = Date.now();
    const cases: [Partial<DiscountCodeInput>, string][] = [
      [{ endsAt: new Date(now - HOUR).toISOString() }, 'This code has expired.'],
      [{ startsAt: new Date(now + HOUR).toISOString() }, 'This code is not active yet.'],
      [{ minSubtotalCents: 4000 }, 'This code is for orders of $40.00 or more.'],
      [{ active: false }, 'This code is not valid.'],
      [{ productIds: ['hat'] }, 'This code is not for any item in your cart.'],
      [{ oncePerEmail: true }, DISCOUNT_EMAIL_NEEDED_MESSAGE],
    ];
    for (const [change, message] of cases) {
      const code = await create(fresh(change));
      const refused = await check(s.t, { code: code.code, items: [shirt()], country: 'US' });
      expect([refused.status, refused.body.message]).toEqual([422, message]);
    }
    const unknown = await check(s.t, { code: 'NOPE', items: [shirt()], country: 'US' });
    expect([unknown.status, unknown.body.message]).toEqual([422, 'This code is not valid.']);
    // An amount off takes no more than the items it is for.
    const big = await create(fresh({ percentOff: null, amountOffCents: 9000 }));
    const capped = await check(s.t, { code: big.code, items: [shirt()], country: 'GB' }).expect(
      200,
    );
    expect(capped.body).toEqual({
      subtotalCents: 2500,
      discountCents: 2500,
      shippingCents: 500,
      totalCents: 500,
    });
    expect(s.stripe.creates()).toHaveLength(0);
  });

  it('sends Stripe a coupon named by the code and records the code and saving from the webhook', async () => {
    const code = await create(fresh({ percentOff: null, amountOffCents: 700 }));
    const res = await s
      .createCheckout({
        items: [shirt('M', 2)],
        discountCode: ` ${code.code.toLowerCase()} `,
      })
      .expect(200);
    const coupons = s.stripe.requests.filter((r) => r.path === '/v1/coupons');
    expect(coupons).toHaveLength(1);
    expect(coupons[0].body).toEqual({
      amount_off: '700',
      currency: 'usd',
      duration: 'once',
      max_redemptions: '1',
      name: code.code,
    });
    const [couponId] = [...s.stripe.coupons.keys()].slice(-1);
    const [createReq] = s.stripe.creates();
    expect(createReq.body.discounts).toEqual([{ coupon: couponId }]);

    const id = sessionOf(res);
    const paid = s.stripe.pay(id);
    expect(paid.amount_total).toBe(5000 - 700 + 500);
    await s.deliver('checkout.session.completed', paid).expect(200);
    const [order] = await s.orders();
    expect(order).toMatchObject({
      discountCode: code.code,
      discountAmount: 700,
      shippingAmount: 500,
      total: 4800,
    });
    const admin = await loggedIn(s.t);
    const list = await admin.get('/api/admin/discounts').query({ search: code.code }).expect(200);
    expect(list.body.rows[0].uses).toBe(1);
    const receipt = await s.sessionStatus(id).expect(200);
    expect(receipt.body.order).toMatchObject({
      subtotal: 5000,
      discount: 700,
      shipping: 500,
      total: 4800,
    });
  });

  it('never lets buyers paying at the same moment use a code more times than its limit', async () => {
    const code = await create(fresh({ maxUses: 2 }));
    // Five buyers check out with it at once: two hold a use, three are told it is used up.
    const tries = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        s.createCheckout({ items: [shirt('L', 1)], discountCode: code.code }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([200, 200, 422, 422, 422]);
    for (const refused of tries.filter((r) => r.status === 422)) {
      expect(refused.body.message).toBe('This code has been used up.');
    }
    const open = tries.filter((r) => r.status === 200).map(sessionOf);
    // Both pay at once, each told by the webhook and the return together.
    await Promise.all(
      open.flatMap((id) => {
        const paid = s.stripe.pay(id);
        return [
          s.deliver('checkout.session.completed', paid).expect(200),
          s.sessionStatus(id).expect(200),
        ];
      }),
    );
    const paidOrders = await s.orders();
    expect(paidOrders).toHaveLength(2);
    expect(paidOrders.every((o) => o.discountCode === code.code && o.discountAmount === 250)).toBe(
      true,
    );
    const admin = await loggedIn(s.t);
    const list = await admin.get('/api/admin/discounts').query({ search: code.code }).expect(200);
    expect(list.body.rows[0].uses).toBe(2);
    const after = await s.createCheckout({ items: [shirt()], discountCode: code.code });
    expect([after.status, after.body.message]).toEqual([422, 'This code has been used up.']);
  });

  it('gives a held use back when the session expires unpaid, and holds nothing when checkout is refused', async () => {
    const code = await create(fresh({ maxUses: 1 }));
    const first = await s.createCheckout({ items: [shirt()], discountCode: code.code }).expect(200);
    const held = await s.createCheckout({ items: [shirt()], discountCode: code.code });
    expect([held.status, held.body.message]).toEqual([422, 'This code has been used up.']);
    const id = sessionOf(first);
    await s
      .deliver('checkout.session.expired', {
        ...s.stripe.sessions.get(id)!,
        status: 'expired',
      })
      .expect(200);
    const holds = await s.t.app
      .get(DataSource)
      .getRepository(DiscountHold)
      .findBy({ sessionId: id });
    expect(holds.map((h) => h.state)).toEqual(['released']);
    // A refused checkout (no zone ships there) holds no use.
    await s
      .createCheckout({ items: [shirt()], country: 'JP', discountCode: code.code })
      .expect(422);
    await s.createCheckout({ items: [shirt()], discountCode: code.code }).expect(200);
  });

  it('keeps a code of one use per email to one paid order per email, the email fixed on Stripe', async () => {
    const code = await create(fresh({ oncePerEmail: true }));
    const body = { items: [shirt()], discountCode: code.code, email: 'June@Example.com' };
    const res = await s.createCheckout(body).expect(200);
    expect(s.stripe.creates()[0].body.customer_email).toBe('june@example.com');
    // While that checkout is open, the same email cannot start another with the code.
    const twice = await s.createCheckout(body);
    expect([twice.status, twice.body.message]).toEqual([
      422,
      'This code has already been used with this email address.',
    ]);
    await s.deliver('checkout.session.completed', s.stripe.pay(sessionOf(res))).expect(200);
    const checkBody = { code: code.code, items: body.items, country: 'US' };
    const after = await check(s.t, { ...checkBody, email: 'june@example.com' });
    expect([after.status, after.body.message]).toEqual([
      422,
      'This code has already been used with this email address.',
    ]);
    await check(s.t, { ...checkBody, email: 'other@example.com' }).expect(200);
  });
});

describe.each(oneDatabase())('discount codes with the test payment provider on $name', (db) => {
  const t = testAppOfSuite(db);

  it('takes the code off on its page and in the order', async () => {
    const admin = await loggedIn(t);
    await admin
      .post('/api/admin/discounts')
      .send({ ...CODE, code: 'TESTPAGE' })
      .expect(201);
    const res = await createCheckout(t, {
      items: [shirt('M', 2)],
      discountCode: 'testpage',
    }).expect(200);
    const path = new URL(res.body.url as string).pathname;
    const page = await request(t.server).get(path).expect(200);
    expect(page.text).toContain('Discount (TESTPAGE)');
    expect(page.text).toContain('−$5.00');
    expect(page.text).toContain('Pay $50.00 (test)');
    await postPayForm(t, path)
      .send({
        name: 'Ana Buyer',
        email: 'ana@example.com',
        line1: '1 Main St',
        city: 'Austin',
        postal_code: '78701',
        country: 'US',
      })
      .expect(303);
    const [order] = await orders(t);
    expect(order).toMatchObject({ discountCode: 'TESTPAGE', discountAmount: 500, total: 5000 });
  });
});

describe.each(testDatabases())('a code of one use per email on $name', (db) => {
  const t = testAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
    await removeReleases(t);
    await createRelease(admin, { pricing: 'fixed', priceInCents: 800 });
  });

  /** A code taking all of a release: each use is a free order. */
  const create = (code: string) =>
    admin
      .post('/api/admin/discounts')
      .send({ ...CODE, code, percentOff: 100, oncePerEmail: true })
      .expect(201);
  const withCode = (discountCode: string, email: string) =>
    createCheckout(t, { items: [{ productId: 'porch-light', quantity: 1 }], discountCode, email });
  const answer = async (res: request.Test) => {
    const { status, body } = await res;
    return [status, body.message];
  };

  it('gives one order per mailbox, its +tags and Gmail dots folded', async () => {
    await create('ONCEONLY');
    await withCode('ONCEONLY', 'fan@example.com').expect(200);
    for (const email of ['fan+1@example.com', 'Fan+2@Example.com', '"fan"@example.com']) {
      expect(await answer(withCode('ONCEONLY', email))).toEqual([422, USED_BY_EMAIL]);
    }
    await withCode('ONCEONLY', 'target@gmail.com').expect(200);
    for (const email of ['t.arget@gmail.com', 'ta.rget+x@gmail.com']) {
      expect(await answer(withCode('ONCEONLY', email))).toEqual([422, USED_BY_EMAIL]);
    }
    const checked = await check(t, {
      code: 'ONCEONLY',
      items: [{ productId: 'porch-light', quantity: 1 }],
      country: 'US',
      email: 'fan+3@example.com',
    });
    expect([checked.status, checked.body.message]).toEqual([422, USED_BY_EMAIL]);
    await withCode('ONCEONLY', 'other@example.com').expect(200);
    expect((await orders(t)).map((o) => [o.email, o.total, o.discountCode])).toEqual([
      ['fan@example.com', 0, 'ONCEONLY'],
      ['target@gmail.com', 0, 'ONCEONLY'],
      ['other@example.com', 0, 'ONCEONLY'],
    ]);
  });

  it('folds the uses stored before each kept its mailbox', async () => {
    const made = await create('STOREDUSE');
    const runner = t.app.get(DataSource).createQueryRunner();
    const migration = new FoldOncePerEmailAddresses1767980000000();
    try {
      await migration.down(runner);
      await runner.query(
        "INSERT INTO discount_holds (sessionId, discountId, email, state, expiresAt) VALUES (?, ?, ?, 'used', 0)",
        ['cs_before_the_fold', made.body.id, 'old.fan+promo@gmail.com'],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [hold] = await t.app
      .get(DataSource)
      .getRepository(DiscountHold)
      .findBy({ sessionId: 'cs_before_the_fold' });
    expect(hold).toMatchObject({ email: 'old.fan+promo@gmail.com', emailKey: 'oldfan@gmail.com' });
    expect(await answer(withCode('STOREDUSE', 'oldfan@gmail.com'))).toEqual([422, USED_BY_EMAIL]);
    await withCode('STOREDUSE', 'oldfan@example.com').expect(200);
  });

  it("exports a fan's uses and, erased, keeps them counted under the mailbox's digest", async () => {
    await create('ERASEDUSE');
    await withCode('ERASEDUSE', 'Erin.Fan+promo@example.com').expect(200);
    const [fan] = (await admin.get('/api/admin/fans').query({ search: 'erin.fan' }).expect(200))
      .body.rows;
    const exported = (await admin.get(`/api/admin/fans/${fan.id}/export`).expect(200)).body;
    expect(exported.discount_holds).toEqual([
      expect.objectContaining({
        email: 'erin.fan+promo@example.com',
        emailKey: 'erin.fan@example.com',
        state: 'used',
      }),
    ]);

    const erased = await admin.delete(`/api/admin/fans/${fan.id}`).expect(200);
    expect(erased.body.discountUsesForgotten).toBe(1);
    const holds = await t.app
      .get(DataSource)
      .getRepository(DiscountHold)
      .findBy({ sessionId: exported.discount_holds[0].sessionId });
    expect(holds).toEqual([
      expect.objectContaining({
        email: null,
        emailKey: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      }),
    ]);
    // The address is gone, and its mailbox still cannot use the code a second time.
    expect(await answer(withCode('ERASEDUSE', 'erin.fan@example.com'))).toEqual([
      422,
      USED_BY_EMAIL,
    ]);
    await withCode('ERASEDUSE', 'someone.else@example.com').expect(200);
  });
});
