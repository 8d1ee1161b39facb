import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { seedVolume } from '../scripts/volume-seed.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const ASKED = { signups: 130, orders: 70, messages: 40, notify: 30 };

/** The number of rows a list page counts, the same in its total and its filter's count. */
function totalOf(body: unknown, status = 'all'): number {
  const page = body as { total: number; counts: Record<string, number> };
  expect(page.counts[status]).toBe(page.total);
  return page.total;
}

describe.each(testDatabases())('the volume seed on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  it('writes rows the admin lists read, as many as asked', async () => {
    const dataSource = t.app.get(DataSource);
    const now = new Date('2026-06-01T12:00:00Z');
    const results = await seedVolume(dataSource, ASKED, { seed: 7, now });
    expect(results.map((r) => [r.table, r.rows])).toEqual([
      ['email_signups', ASKED.signups],
      ['orders', ASKED.orders],
      ['contact_messages', ASKED.messages],
      ['notify_me', ASKED.notify],
      ['sales_days', expect.any(Number)],
    ]);
    // The sales report's kept figures hold every seeded order, as the site would have kept them.
    const [kept] = (await dataSource.query(
      "SELECT SUM(orders) AS orders FROM sales_days WHERE kind = 'order'",
    )) as { orders: number | string }[];
    expect(Number(kept.orders)).toBe(ASKED.orders);

    const lists: [string, number][] = [
      ['/api/admin/email-signups', ASKED.signups],
      ['/api/admin/orders', ASKED.orders],
      ['/api/admin/contact-messages', ASKED.messages],
      ['/api/admin/notify-me', ASKED.notify],
    ];
    for (const [url, asked] of lists) {
      const res = await admin.get(url).query({ pageSize: 200 }).expect(200);
      expect([url, totalOf(res.body)]).toEqual([url, asked]);
    }

    // Every status filter of each list is met by some seeded rows.
    for (const [url, statuses] of [
      ['/api/admin/orders', ['pending', 'fulfilled', 'paid']],
      ['/api/admin/contact-messages', ['new', 'responded']],
      ['/api/admin/notify-me', ['pending', 'notified']],
      ['/api/admin/email-signups', ['confirmed', 'unconfirmed', 'contacted']],
    ] as const) {
      for (const status of statuses) {
        const res = await admin.get(url).query({ status, pageSize: 200 }).expect(200);
        expect([url, status, totalOf(res.body, status) > 0]).toEqual([url, status, true]);
      }
    }

    // Every seeded address but the merch table's placeholder is a fan, one per address.
    const [{ n: addresses }] = (await dataSource.query(
      `SELECT COUNT(DISTINCT LOWER(email)) AS n FROM (SELECT email FROM email_signups
         UNION ALL SELECT email FROM orders WHERE email <> 'walkup@merch-table.invalid'
         UNION ALL SELECT email FROM contact_messages UNION ALL SELECT email FROM notify_me) a`,
    )) as { n: number | string }[];
    const fans = await admin.get('/api/admin/fans').expect(200);
    expect(totalOf(fans.body)).toBe(Number(addresses));
    expect(fans.body.counts.customers).toBeGreaterThan(0);

    // A second run adds beside the first: new unique addresses and session ids, no clash.
    await seedVolume(
      dataSource,
      { signups: 20, orders: 10, messages: 0, notify: 0 },
      { seed: 7, now },
    );
    const signups = await admin
      .get('/api/admin/email-signups')
      .query({ pageSize: 200 })
      .expect(200);
    expect(totalOf(signups.body)).toBe(ASKED.signups + 20);

    // Subscribers are signups every campaign may mail: confirmed, never unsubscribed.
    const confirmed = async () =>
      totalOf(
        (
          await admin
            .get('/api/admin/email-signups')
            .query({ status: 'confirmed', pageSize: 1 })
            .expect(200)
        ).body,
        'confirmed',
      );
    const before = await confirmed();
    const added = await seedVolume(
      dataSource,
      { signups: 0, orders: 0, messages: 0, notify: 0, subscribers: 15 },
      { seed: 7, now },
    );
    expect(added.map((r) => [r.table, r.rows])).toEqual([['email_signups', 15]]);
    expect(await confirmed()).toBe(before + 15);
    const [{ n: mailable }] = (await dataSource.query(
      `SELECT COUNT(*) AS n FROM email_signups
         WHERE id > (SELECT MAX(id) - 15 FROM email_signups) AND subscription = 'confirmed'
           AND token IS NOT NULL AND unsubscribedAt IS NULL`,
    )) as { n: number | string }[];
    expect(Number(mailable)).toBe(15);

    // Rows are stored as the services store them: lines in cents, totals that add up.
    const orders = (await dataSource.query('SELECT * FROM orders')) as {
      id: number;
      total: number;
      salesChannel: string;
      createdAt: unknown;
    }[];
    const lines = (await dataSource.query('SELECT * FROM order_lines')) as {
      orderId: number;
      productId: string;
      quantity: number;
      unitPriceCents: number;
    }[];
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      const items = lines.filter((line) => Number(line.orderId) === Number(order.id));
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((line) => line.productId === 'tshirt')).toBe(true);
      const shipping = order.salesChannel === 'online' ? 500 : 0;
      expect(Number(order.total)).toBe(
        items.reduce((s, i) => s + Number(i.quantity) * Number(i.unitPriceCents), 0) + shipping,
      );
    }
  });
});
