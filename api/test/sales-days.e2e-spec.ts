import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { SalesReport } from '@artist/contracts';
import { migrations } from '../src/database/migrations/index.js';
import { KeepDailySales1768800000400 } from '../src/database/migrations/1768800000400-KeepDailySales.js';
import { SalesDays } from '../src/modules/sales/index.js';
import { TableVersions } from '../src/database/table-versions.js';
import { loggedIn } from './utils/admin.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

describe.each(testDatabases())('the sales kept by day on $name', (db) => {
  const s = stripeAppOfSuite(db, {
    ARTIST_TIMEZONE: 'America/Chicago',
    CHECKOUT_RATE_LIMIT: '1000',
  });
  let admin: TestAgent;
  const year = new Date().getUTCFullYear();
  const period = `?from=${year - 1}-01-01&to=${year + 1}-12-31`;

  const report = async (): Promise<SalesReport> =>
    (await admin.get(`/api/admin/sales${period}`).expect(200)).body;

  beforeAll(async () => {
    admin = await loggedIn(s.t);
    // Four checkouts paid at once: 2 × M and 1 × XL each, then a T-shirt size apiece.
    const sessions: string[] = [];
    for (const size of ['S', 'M', 'L', 'XL']) {
      const before = new Set((await s.checkoutSessions()).map((r) => r.sessionId));
      await s.createCheckout({ items: [shirt('M', 2), shirt(size, 1)] }).expect(200);
      sessions.push((await s.checkoutSessions()).find((r) => !before.has(r.sessionId))!.sessionId);
    }
    const paid = await Promise.all(
      sessions.map((id) => s.deliver('checkout.session.completed', s.stripe.pay(id))),
    );
    expect(paid.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const placed = (await s.orders()).filter((o) => sessions.includes(o.stripeSessionId));
    expect(placed).toHaveLength(4);
    const [byLine, whole] = placed;
    // One of the two M shirts back, by line; another order refunded whole.
    const m = byLine.lines.find((line) => line.size === 'M')!;
    await admin
      .post(`/api/admin/orders/${byLine.id}/refund`)
      .send({ lines: [{ lineId: m.id, quantity: 1 }] })
      .expect(200);
    await admin.post(`/api/admin/orders/${whole.id}/refund`).send({}).expect(200);
    await admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'in-person',
        paymentMethod: 'cash',
        showLocation: 'The Station Inn, Nashville',
        lineItems: [{ product_name: 'T-Shirt - L', quantity: 3, price: 2500 }],
      })
      .expect(201);
  });

  it('reports from the kept figures what the orders and their lines add up to', async () => {
    const kept = await report();
    // Three online orders sold (one refunded whole), one at the merch table.
    expect(kept.totals).toMatchObject({ orders: 4 });
    expect(kept.totals.refundedCents).toBeGreaterThan(0);
    expect(kept.byChannel).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'in-person', orders: 1 })]),
    );
    // Emptied behind the site's back (told, as a restore would be), then worked out again: the
    // report follows each, so it is not the one kept before.
    const dataSource = s.t.app.get(DataSource);
    await dataSource.query('DELETE FROM sales_days');
    s.t.app.get(TableVersions).changed('sales_days');
    expect((await report()).totals).toMatchObject({ orders: 0, grossCents: 0 });
    await s.t.app.get(SalesDays).rebuild();
    expect(await report()).toEqual(kept);
  });

  it('shows a sale and a refund in the next report at once, though it keeps the report between them', async () => {
    const before = await report();
    const sale = await admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'in-person',
        paymentMethod: 'cash',
        showLocation: 'The Station Inn, Nashville',
        lineItems: [{ product_name: 'T-Shirt - S', quantity: 1, price: 2500 }],
      })
      .expect(201);
    const sold = await report();
    expect(sold.totals.orders).toBe(before.totals.orders + 1);
    expect(sold.totals.grossCents).toBe(before.totals.grossCents + 2500);
    expect(sale.body.id).toEqual(expect.any(Number));
    // An online order refunded whole: paid by card, through Stripe.
    const paid = (await s.orders()).find((o) => o.paymentStatus === 'paid' && o.stripeSessionId)!;
    await admin.post(`/api/admin/orders/${paid.id}/refund`).send({}).expect(200);
    const refunded = await report();
    expect(refunded.totals.orders).toBe(sold.totals.orders - 1);
    expect(refunded.totals.refundedCents).toBe(sold.totals.refundedCents + paid.total);
  });

  it('fills the kept figures in its migration as the sales kept them', async () => {
    const kept = await report();
    const dataSource = s.t.app.get(DataSource);
    const mine = migrations.indexOf(KeepDailySales1768800000400);
    for (let i = migrations.length - 1; i >= mine; i--) await dataSource.undoLastMigration();
    await dataSource.runMigrations();
    // The migrations wrote in raw SQL, as they do before a start.
    s.t.app.get(TableVersions).changed('sales_days');
    expect(await report()).toEqual(kept);
  });
});
