import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { SalesReport, ShowInput } from '@artist/contracts';
import { Order } from '../src/modules/orders/order.entity.js';
import { SalesDays } from '../src/modules/sales/index.js';
import { loggedIn } from './utils/admin.js';
import { shirt, stripeAppOfSuite, type StoredOrder } from './utils/checkout.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { showInput } from './utils/shows.js';

const show = (fields: Partial<ShowInput>) => showInput({ date: '2025-02-28', ...fields });

/** The month of an instant in Chicago (the artist's zone in these tests), worked out apart. */
const chicagoMonth = (at: Date) => {
  const local = new Date(at.toLocaleString('en-US', { timeZone: 'America/Chicago' }));
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}`;
};

/** What the report should say, added up here from the orders as stored. */
function expected(list: StoredOrder[]) {
  const sales = list.filter((o) => !o.testMode);
  const sum = (rows: StoredOrder[]) => {
    const kept = rows.filter((o) => o.paymentStatus !== 'refunded');
    const refunded = rows.reduce(
      (s, o) => s + (o.paymentStatus === 'refunded' ? o.total : o.refundedAmount),
      0,
    );
    const gross = rows.reduce((s, o) => s + o.total, 0);
    return {
      orders: kept.length,
      items: kept.reduce((s, o) => s + o.lineItems.reduce((n, line) => n + line.quantity, 0), 0),
      grossCents: gross,
      refundedCents: refunded,
      netCents: gross - refunded,
    };
  };
  return { sales, sum };
}

describe.each(testDatabases())('sales on $name', (db) => {
  const s = stripeAppOfSuite(db, { ARTIST_TIMEZONE: 'America/Chicago' });
  let admin: TestAgent;
  let sequence = 0;
  const ids: Record<string, number> = {};
  /** Each checkout order's Stripe session id, by order id. */
  const sessions = new Map<number, string>();

  const manual = (body: Record<string, unknown>) =>
    admin.post('/api/admin/orders/manual').send({
      salesChannel: 'in-person',
      paymentMethod: 'cash',
      stripeSessionId: `manual_sales_${sequence++}`,
      ...body,
    });

  /** A paid checkout order of some shirts; its order id. */
  async function onlineOrder(size: string, quantity: number): Promise<number> {
    const before = new Set((await s.checkoutSessions()).map((r) => r.sessionId));
    await s.createCheckout({ items: [shirt(size, quantity)] }).expect(200);
    const id = (await s.checkoutSessions()).find((r) => !before.has(r.sessionId))!.sessionId;
    await s.deliver('checkout.session.completed', s.stripe.pay(id)).expect(200);
    const order = (await s.orders()).find((o) => o.stripeSessionId === id)!;
    sessions.set(order.id, id);
    return order.id;
  }

  /** Changes an order under the site, as an import would: the kept figures are worked out again. */
  async function setOrder(id: number, fields: Partial<Order>) {
    await s.t.app.get(DataSource).getRepository(Order).update({ id }, fields);
    await s.t.app.get(SalesDays).rebuild();
  }

  const setCreatedAt = (id: number, at: string, fields: Partial<Order> = {}) =>
    setOrder(id, { createdAt: new Date(at), ...fields });

  beforeAll(async () => {
    admin = await loggedIn(s.t);
    const ryman = await admin
      .post('/api/admin/shows')
      .send(show({ venue: 'Ryman Auditorium', date: '2025-02-28' }))
      .expect(201);
    const bluebird = await admin.post('/api/admin/shows').send(show({ date: '2025-03-01' }));
    ids.ryman = ryman.body.id;
    ids.bluebird = bluebird.body.id;

    // Online: 2 × M (5000 + 500 shipping), refunded in part; 1 × L refunded in full; 3 × S paid.
    ids.partial = await onlineOrder('M', 2);
    ids.full = await onlineOrder('L', 1);
    ids.paid = await onlineOrder('S', 3);
    await s
      .deliver('charge.refunded', s.stripe.charge(sessions.get(ids.partial)!, 1200))
      .expect(200);
    await s.deliver('charge.refunded', s.stripe.charge(sessions.get(ids.full)!, 3000)).expect(200);

    // The merch table: two sales at the Ryman, one at the Bluebird, one at a typed location.
    const line = (product_name: string, quantity: number, price = 2500) => ({
      product_name,
      quantity,
      price,
    });
    const sale = async (body: Record<string, unknown>) =>
      (await manual(body).expect(201)).body.id as number;
    ids.ryman1 = await sale({ showId: ids.ryman, lineItems: [line('T-Shirt - L', 2)] });
    ids.ryman2 = await sale({
      showId: ids.ryman,
      lineItems: [line('T-Shirt - L', 1, 2000), line('Trucker Hat', 1)],
    });
    ids.bluebird1 = await sale({ showId: ids.bluebird, lineItems: [line('T-Shirt - XL', 1)] });
    ids.typed = await sale({
      showLocation: 'Porch at the Station Inn',
      lineItems: [line('Sticker Pack', 4, 500)],
    });
    ids.testMode = await sale({ showId: ids.ryman, lineItems: [line('Trucker Hat', 9)] });

    // Chicago is UTC−6 in winter: 05:30 UTC on 1 March is still 28 February there.
    await setCreatedAt(ids.ryman1, '2025-03-01T05:30:00Z');
    await setCreatedAt(ids.ryman2, '2025-03-01T05:59:59Z');
    await setCreatedAt(ids.bluebird1, '2025-03-01T06:00:00Z');
    await setCreatedAt(ids.typed, '2025-07-04T17:00:00Z');
    await setCreatedAt(ids.partial, '2025-01-01T06:00:00Z');
    await setCreatedAt(ids.full, '2025-03-10T12:00:00Z');
    await setCreatedAt(ids.paid, '2025-12-31T23:00:00Z'); // 17:00 on New Year's Eve in Chicago
    // The test payment provider's orders moved no money.
    await setCreatedAt(ids.testMode, '2025-03-02T12:00:00Z', { testMode: true });
    // Outside the period: 05:59 UTC on 1 January is still 2024 in Chicago.
    ids.before = await sale({ lineItems: [line('T-Shirt - S', 1)], showLocation: 'Old' });
    await setCreatedAt(ids.before, '2025-01-01T05:59:00Z');
  });

  const report = async (query = '?from=2025-01-01&to=2025-12-31') =>
    (await admin.get(`/api/admin/sales${query}`).expect(200)).body as SalesReport;

  it('ties a merch-table sale to the show picked, with its venue and city as location', async () => {
    const order = (await s.orders()).find((o) => o.id === ids.ryman1)!;
    expect(order).toMatchObject({
      showId: ids.ryman,
      showLocation: 'Ryman Auditorium, Nashville, TN',
      salesChannel: 'in-person',
    });
    const typed = (await s.orders()).find((o) => o.id === ids.typed)!;
    expect(typed).toMatchObject({ showId: null, showLocation: 'Porch at the Station Inn' });
  });

  it('refuses a show that does not exist, or a show on an online sale, with a sentence', async () => {
    const line = [{ product_name: 'T-Shirt - M', quantity: 1, price: 2500 }];
    const unknown = await manual({ showId: 999_999, lineItems: line }).expect(400);
    expect(unknown.body.message).toBe(
      'That show does not exist (it may have been deleted); pick one from the shows list.',
    );
    const notANumber = await manual({ showId: 'ryman', lineItems: line }).expect(400);
    expect(JSON.stringify(notANumber.body)).toContain('Show must be picked from the shows list');
    const online = await manual({
      salesChannel: 'online',
      customerName: 'Loretta Lynn',
      email: 'loretta@example.com',
      shippingAddress: JSON.stringify({ address: '1 Music Row, Nashville' }),
      showId: ids.ryman,
      lineItems: line,
    }).expect(400);
    expect(online.body.message).toBe('Only an in-person sale can be tied to a show.');
    const withoutPlace = await manual({ lineItems: line }).expect(400);
    expect(JSON.stringify(withoutPlace.body)).toContain('Required');
  });

  it("adds up the period's orders: net of refunds, without test orders or other periods", async () => {
    const all = await s.orders();
    const inPeriod = all.filter(
      (o) =>
        o.createdAt >= new Date('2025-01-01T06:00:00Z') &&
        o.createdAt < new Date('2026-01-01T06:00:00Z'),
    );
    const { sales, sum } = expected(inPeriod);
    const body = await report();
    expect(body).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
      timeZone: 'America/Chicago',
    });
    expect(body.totals).toEqual({
      ...sum(sales),
      disputedCents: 0,
      discountCents: 0,
      discountedOrders: 0,
      recoveredCents: 0,
      recoveredOrders: 0,
      taxCents: 0,
    });
    // Worked out by hand as well: 5500 − 1200, 3000 − 3000, 8000, 5000, 4500, 2500, 2000.
    expect(body.totals.netCents).toBe(4300 + 0 + 8000 + 5000 + 4500 + 2500 + 2000);
    expect(body.totals.refundedCents).toBe(4200);
    expect(body.totals.orders).toBe(6);
    // The merch-table sale the test payment provider's flag marks: left out, and said so.
    expect(body.testOrdersLeftOut).toBe(1);
    expect((await report('?from=2025-04-01&to=2025-04-30')).testOrdersLeftOut).toBe(0);

    const channel = (c: string) => sum(sales.filter((o) => o.salesChannel === c));
    expect(body.byChannel).toEqual([
      { channel: 'online', ...channel('online') },
      { channel: 'in-person', ...channel('in-person') },
    ]);

    const ryman = sales.filter((o) => o.showId === ids.ryman);
    const bluebird = sales.filter((o) => o.showId === ids.bluebird);
    const typed = sales.filter((o) => o.id === ids.typed);
    expect(body.byShow).toEqual([
      {
        showId: ids.bluebird,
        label: 'The Bluebird Cafe, Nashville, TN',
        date: '2025-03-01',
        ...sum(bluebird),
      },
      {
        showId: ids.ryman,
        label: 'Ryman Auditorium, Nashville, TN',
        date: '2025-02-28',
        ...sum(ryman),
      },
      { showId: null, label: 'Porch at the Station Inn', date: null, ...sum(typed) },
    ]);
    expect(body.byShow[1]).toMatchObject({ orders: 2, items: 4, netCents: 9500 });
  });

  it("puts each order in its month in the artist's time zone, every month listed", async () => {
    const { sales, sum } = expected(await s.orders());
    const body = await report();
    expect(body.byMonth.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    for (const month of body.byMonth) {
      const { month: name, ...figures } = month;
      const inMonth = sales.filter(
        (o) => chicagoMonth(o.createdAt) === name && o.id !== ids.before,
      );
      expect({ name, ...figures }).toEqual({ name, ...sum(inMonth) });
    }
    // 05:30 and 05:59:59 UTC on 1 March are February in Chicago; 06:00 is March.
    expect(body.byMonth[1]).toMatchObject({ month: '2025-02', orders: 2, netCents: 9500 });
    expect(body.byMonth[2]).toMatchObject({ month: '2025-03', orders: 1, netCents: 2500 });
    expect(body.byMonth[11]).toMatchObject({ month: '2025-12', orders: 1, netCents: 8000 });
  });

  it('counts products and sizes from the lines of orders not fully refunded', async () => {
    const body = await report();
    expect(body.byProduct).toEqual([
      { product: 'Sticker Pack', size: null, orders: 1, items: 4, cents: 2000 },
      { product: 'Trucker Hat', size: null, orders: 1, items: 1, cents: 2500 },
      { product: 'Wren Calloway T-Shirt', size: 'S', orders: 1, items: 3, cents: 7500 },
      { product: 'Wren Calloway T-Shirt', size: 'M', orders: 1, items: 2, cents: 5000 },
      { product: 'Wren Calloway T-Shirt', size: 'L', orders: 2, items: 3, cents: 7000 },
      { product: 'Wren Calloway T-Shirt', size: 'XL', orders: 1, items: 1, cents: 2500 },
    ]);
  });

  it('narrows to the days asked for, bounds in the time zone', async () => {
    const body = await report('?from=2025-02-28&to=2025-02-28');
    expect(body.totals).toMatchObject({ orders: 2, netCents: 9500 });
    expect(body.byMonth.map((m) => m.month)).toEqual(['2025-02']);
    const outside = await report('?from=2024-12-31&to=2024-12-31');
    expect(outside.totals).toMatchObject({ orders: 1, netCents: 2500 });
  });

  it('counts a disputed order in the net and says how much is disputed', async () => {
    await setOrder(ids.paid, { paymentStatus: 'disputed' });
    try {
      const body = await report();
      expect(body.totals).toMatchObject({ disputedCents: 8000, orders: 6 });
    } finally {
      await setOrder(ids.paid, { paymentStatus: 'paid' });
    }
  });

  it('exports the same figures as CSV', async () => {
    const body = await report();
    const res = await admin
      .get('/api/admin/sales/export?from=2025-01-01&to=2025-12-31')
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sales-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRecords(res.text);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const figures = (r: Record<string, string>) => ({
      orders: Number(r.orders),
      items: Number(r.items),
      grossCents: cents(r.sales),
      refundedCents: cents(r.refunded),
      netCents: cents(r.net),
    });
    const of = (kind: string) => rows.filter((r) => r.breakdown === kind);
    const total = body.totals;
    expect(of('total').map(figures)).toEqual([
      {
        orders: total.orders,
        items: total.items,
        grossCents: total.grossCents,
        refundedCents: total.refundedCents,
        netCents: total.netCents,
      },
    ]);
    expect(of('month').map((r) => ({ month: r.name, ...figures(r) }))).toEqual(body.byMonth);
    expect(of('channel').map((r) => ({ channel: r.name, ...figures(r) }))).toEqual(body.byChannel);
    expect(
      of('show').map((r) => ({
        showId: r.showId ? Number(r.showId) : null,
        label: r.name,
        date: r.showDate || null,
        ...figures(r),
      })),
    ).toEqual(body.byShow);
    expect(
      of('product').map((r) => ({
        product: r.name,
        size: r.size || null,
        orders: Number(r.orders),
        items: Number(r.items),
        cents: cents(r.sales),
      })),
    ).toEqual(body.byProduct);
  });

  it('guards a typed location that looks like a formula in the CSV', async () => {
    const id = (
      await manual({
        showLocation: '=HYPERLINK("http://x")',
        lineItems: [{ product_name: 'Sticker Pack', quantity: 1, price: 500 }],
      }).expect(201)
    ).body.id as number;
    await setCreatedAt(id, '2023-05-05T12:00:00Z');
    const res = await admin
      .get('/api/admin/sales/export?from=2023-05-01&to=2023-05-31')
      .expect(200);
    const show = csvRecords(res.text).find((r) => r.breakdown === 'show')!;
    expect(show.name).toBe(`'=HYPERLINK("http://x")`);
  });

  it('opens on this calendar year, and refuses a period that ends before it starts', async () => {
    const year = String(new Date().getFullYear());
    const body = await report('');
    expect(body.from.slice(0, 4)).toMatch(
      new RegExp(`^(${year}|${Number(year) - 1}|${Number(year) + 1})$`),
    );
    expect(body.from.slice(5)).toBe('01-01');
    expect(body.to).toBe(`${body.from.slice(0, 4)}-12-31`);
    const wrong = await admin.get('/api/admin/sales?from=2025-03-01&to=2025-02-01').expect(400);
    expect(wrong.body.message).toBe('The period must start on or before its end.');
    const bad = await admin.get('/api/admin/sales?from=2025-02-30').expect(400);
    expect(JSON.stringify(bad.body)).toContain('from must be a date in YYYY-MM-DD format');
  });

  it("counts a merch-table sale at a picked show on the show's date, whenever it was entered", async () => {
    const line = [{ product_name: 'T-Shirt - M', quantity: 1, price: 3000 }];
    const station = await admin
      .post('/api/admin/shows')
      .send(show({ venue: 'Station Inn', date: '2027-06-30' }))
      .expect(201);
    // Entered at home two days after the show, in July.
    const late = (await manual({ showId: station.body.id, lineItems: line }).expect(201)).body.id;
    await setCreatedAt(late, '2027-07-02T15:00:00Z');
    // A sale at a typed location, and an online order, count on the day they were made.
    const typed = (await manual({ showLocation: 'Porch', lineItems: line }).expect(201)).body.id;
    await setCreatedAt(typed, '2027-07-02T15:00:00Z');
    // A test order at the show: left out, counted as left out on the show's date.
    const test = (await manual({ showId: station.body.id, lineItems: line }).expect(201)).body.id;
    await setCreatedAt(test, '2027-07-03T15:00:00Z', { testMode: true });

    const june = await report('?from=2027-06-30&to=2027-06-30');
    expect(june.totals).toMatchObject({ orders: 1, netCents: 3000 });
    expect(june.byShow).toEqual([
      expect.objectContaining({ showId: station.body.id, date: '2027-06-30', orders: 1 }),
    ]);
    expect(june.testOrdersLeftOut).toBe(1);

    const july = await report('?from=2027-07-01&to=2027-07-31');
    expect(july.totals).toMatchObject({ orders: 1, netCents: 3000 });
    expect(july.byShow).toEqual([
      expect.objectContaining({ showId: null, label: 'Porch', orders: 1 }),
    ]);
    expect(july.testOrdersLeftOut).toBe(0);

    const summer = await report('?from=2027-06-01&to=2027-07-31');
    expect(summer.byMonth).toEqual([
      expect.objectContaining({ month: '2027-06', orders: 1, netCents: 3000 }),
      expect.objectContaining({ month: '2027-07', orders: 1, netCents: 3000 }),
    ]);
    expect(summer.totals).toMatchObject({ orders: 2, netCents: 6000 });
  });

  it('answers 401 without an admin session', async () => {
    for (const path of ['/api/admin/sales', '/api/admin/sales/export']) {
      const res = await request(s.t.server).get(path).expect(401);
      expect(res.body.message).toBe('Please log in to continue.');
    }
  });
});
