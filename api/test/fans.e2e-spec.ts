import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { Fan, FanExport, FanHistory, ListPage } from '@artist/contracts';
import { FAN_SORTS, type FanListFilter, type FanSort } from '@artist/contracts';
import { listPage, type ListDefinition } from '../src/lists/list.js';
import type { ListParams } from '../src/lists/list-query.js';
import { CreateFans1766500000000 } from '../src/database/migrations/1766500000000-CreateFans.js';
import { IndexFanCounts1766800000000 } from '../src/database/migrations/1766800000000-IndexFanCounts.js';
import { FansKeepTheirFigures1767930000000 } from '../src/database/migrations/1767930000000-FansKeepTheirFigures.js';
import { LeadFanSearchIndexById1767940000000 } from '../src/database/migrations/1767940000000-LeadFanSearchIndexById.js';
import { Fan as FanRecord } from '../src/modules/fans/fan.entity.js';
import { FansService } from '../src/modules/fans/fans.service.js';
import { TableVersions } from '../src/database/table-versions.js';
import { suppressionDigest } from '../src/modules/campaigns/campaign-fan-data.js';
import { CampaignRecipient, SuppressionRecord } from '../src/modules/campaigns/campaign.entity.js';
import { SuppressionsService } from '../src/modules/campaigns/suppressions.service.js';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { OrdersService, toView } from '../src/modules/orders/orders.service.js';
import { browser, loggedIn } from './utils/admin.js';
import { payWithTestProvider, shirt } from './utils/checkout.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { startTestApp, type TestApp } from './utils/test-app.js';

type FanPage = ListPage<Fan, string>;

/**
 * The fans list with its filters and sorts worked out from the records themselves, as the list
 * read them before their figures were kept on the fans' rows.
 */
const fromRecords = (
  definition: ListDefinition<FanRecord, Fan, FanListFilter, FanSort>,
): ListDefinition<FanRecord, Fan, FanListFilter, FanSort> => ({
  ...definition,
  filters: {
    customers: { where: 'EXISTS (SELECT 1 FROM orders o WHERE o.fanId = f.id)' },
    subscribers: {
      where:
        "EXISTS (SELECT 1 FROM email_signups s WHERE s.fanId = f.id AND s.subscription = 'confirmed')",
    },
    waiting: {
      where: "EXISTS (SELECT 1 FROM notify_me n WHERE n.fanId = f.id AND n.notified = 'false')",
    },
    writers: { where: 'EXISTS (SELECT 1 FROM contact_messages m WHERE m.fanId = f.id)' },
  },
  sorts: {
    ...definition.sorts,
    totalSpent: '(SELECT COALESCE(SUM(o.total), 0) FROM orders o WHERE o.fanId = f.id)',
    orders: '(SELECT COUNT(*) FROM orders o WHERE o.fanId = f.id)',
  },
});

const ARTIST = 'artist@example.com';
/** Dolly writes her address a different way each time; she is still one fan. */
const DOLLY = ['Dolly.Parton@Example.com', 'DOLLY.PARTON@example.com', 'dolly.parton@EXAMPLE.com'];
/** What must be gone after her erasure: her address, her name, her street. */
const DOLLY_TRACES = ['dolly.parton', 'parton', 'dollywood'];

const address = (line1: string) => ({
  address: { line1, city: 'Pigeon Forge', state: 'TN', postal_code: '37863', country: 'US' },
});
const manual = (email: string, name: string, street: string, quantity: number) => ({
  salesChannel: 'online',
  customerName: name,
  email,
  lineItems: [{ product_name: 'Trucker Hat', quantity, price: 2500 }],
  shippingAddress: JSON.stringify(address(street)),
  paymentMethod: 'venmo',
  notes: `Leave it with ${name}`,
});

/** Every text column of every table, and how many of its rows hold the text (any case). */
async function tracesOf(t: TestApp, text: string): Promise<string[]> {
  const ds = t.app.get(DataSource);
  const q = (name: string) => ds.driver.escape(name);
  const found: string[] = [];
  for (const meta of ds.entityMetadatas) {
    for (const column of meta.columns) {
      if (!['varchar', 'text', 'simple-json', String].includes(column.type as never)) continue;
      const [row] = (await ds.query(
        `SELECT COUNT(*) AS n FROM ${q(meta.tableName)} WHERE LOWER(${q(column.databaseName)}) LIKE ?`,
        [`%${text}%`],
      )) as { n: number | string }[];
      if (Number(row!.n) > 0) found.push(`${meta.tableName}.${column.databaseName}`);
    }
  }
  return found;
}

const EXPORTS = [
  '/api/admin/orders/export',
  '/api/admin/email-signups/export?includeUnsubscribed=true',
  '/api/admin/notify-me/export',
  '/api/admin/contact-messages/export',
  '/api/admin/emails/export',
  '/api/admin/fans/export',
  '/api/admin/suppressions/export',
];

describe.each(testDatabases())('fans on $name', (db) => {
  let t: TestApp;
  let admin: TestAgent;
  const fans = (query = '') =>
    admin.get(`/api/admin/fans${query}`).expect(200) as Promise<{ body: FanPage }>;
  const totalOfOrders = async () =>
    (await t.app.get(DataSource).getRepository(Order).sum('total')) ?? 0;

  beforeAll(async () => {
    t = await startTestApp(db, { ARTIST_EMAIL: ARTIST });
    admin = await loggedIn(t);
    const post = (path: string, body: object) =>
      request(t.server).post(path).set('Origin', t.config.publicUrl).send(body).expect(201);
    // Dolly: an order through checkout, one entered by hand and shipped, a signup, a notify-me
    // request and a message.
    await payWithTestProvider(t, [shirt('M', 2)], {
      name: 'Dolly Parton',
      email: DOLLY[0],
      line1: '1 Dollywood Lane',
      line2: '',
      city: 'Pigeon Forge',
      state: 'TN',
      postal_code: '37863',
      country: 'US',
    });
    const byHand = await admin
      .post('/api/admin/orders/manual')
      .send(manual(DOLLY[1]!, 'Dolly Parton', '1 Dollywood Lane', 1))
      .expect(201);
    await admin
      .put(`/api/admin/orders/${byHand.body.id}`)
      .send({ fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784', notes: '' })
      .expect(200);
    await post('/api/email-signup', { email: DOLLY[2] });
    await post('/api/notify-me', { email: DOLLY[0], productName: 'Sticker Pack' });
    await post('/api/contact', {
      firstName: 'Dolly',
      lastName: 'Parton',
      email: DOLLY[1],
      subject: 'fan',
      message: 'Jolene says hi.',
    });
    // Kitty: one large order and a confirmed signup. Patsy: a message only.
    await admin
      .post('/api/admin/orders/manual')
      .send(manual('Kitty.Wells@example.com', 'Kitty Wells', '9 Honky Tonk Row', 4))
      .expect(201);
    await post('/api/email-signup', { email: 'kitty.wells@example.com' });
    await t.app
      .get(DataSource)
      .getRepository(EmailSignup)
      .update({ email: 'kitty.wells@example.com' }, { confirmedAt: Date.now() });
    await post('/api/contact', {
      firstName: 'Patsy',
      lastName: 'Cline',
      email: 'patsy@example.com',
      subject: 'booking',
      message: 'Crazy.',
    });
    // A walk-up sale at the merch table belongs to no fan.
    await admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'in-person',
        lineItems: [{ product_name: 'Trucker Hat', quantity: 1, price: 2500 }],
        showLocation: 'Ryman',
        paymentMethod: 'cash',
      })
      .expect(201);
    // A campaign reached Dolly and Kitty; Dolly's address then bounced, and Kitty complained.
    const recipient = (email: string, token: string) => ({
      campaignId: 1,
      email,
      token,
      messageId: `<campaign-1.${token}@example.com>`,
      status: 'sent',
      nextAttemptAt: 0,
      sentAt: Date.now(),
    });
    await t.app
      .get(DataSource)
      .getRepository(CampaignRecipient)
      .insert([
        recipient(DOLLY[0]!.toLowerCase(), 'a1'),
        recipient('kitty.wells@example.com', 'b2'),
      ]);
    const suppressions = t.app.get(SuppressionsService);
    await suppressions.add(DOLLY[2]!, 'bounce', '550 <dolly.parton@example.com>: no such user', 1);
    await suppressions.add('kitty.wells@example.com', 'complaint', null, 1);
  });

  afterAll(() => t?.close());

  it('makes one fan of every record with one address, in any letter case', async () => {
    const { body } = await fans('?search=PARTON');
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      email: 'dolly.parton@example.com',
      orders: 2,
      totalSpent: 2 * 2500 + 500 + 2500 + 500,
      newsletter: 'unconfirmed',
      pendingNotify: 1,
      messages: 1,
    });
    expect(typeof body.rows[0]!.id).toBe('number');
  });

  it('counts each filter, and filters, sorts, searches and pages like the other lists', async () => {
    const { body } = await fans();
    expect(body.counts).toEqual({ all: 3, customers: 2, subscribers: 1, waiting: 1, writers: 2 });
    expect(body.total).toBe(3);
    expect(body.rows.map((f) => f.newsletter).sort()).toEqual(['confirmed', 'none', 'unconfirmed']);

    const bySpent = (await fans('?sort=-totalSpent')).body.rows.map((f) => f.email);
    expect(bySpent).toEqual([
      'kitty.wells@example.com',
      'dolly.parton@example.com',
      'patsy@example.com',
    ]);
    const byOrders = (await fans('?sort=-orders')).body.rows.map((f) => f.email);
    expect(byOrders[0]).toBe('dolly.parton@example.com');
    const byEmail = (await fans('?sort=email')).body.rows.map((f) => f.email);
    expect(byEmail).toEqual([...byEmail].sort());
    const byFirstSeen = (await fans('?sort=firstSeenAt')).body.rows.map((f) => f.firstSeenAt);
    expect(byFirstSeen).toEqual([...byFirstSeen].sort());

    const customers = (await fans('?status=customers&sort=email')).body;
    expect(customers.rows.map((f) => f.email)).toEqual([
      'dolly.parton@example.com',
      'kitty.wells@example.com',
    ]);
    expect(customers.total).toBe(2);
    expect((await fans('?status=subscribers')).body.rows.map((f) => f.email)).toEqual([
      'kitty.wells@example.com',
    ]);

    const searched = (await fans('?search=example.com&status=writers')).body;
    expect(searched.counts).toEqual({
      all: 3,
      customers: 2,
      subscribers: 1,
      waiting: 1,
      writers: 2,
    });
    expect(searched.total).toBe(2);
    expect((await fans('?search=KITTY')).body.counts.all).toBe(1);

    const page2 = (await fans('?sort=email&pageSize=2&page=2')).body;
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.rows.map((f) => f.email)).toEqual(['patsy@example.com']);

    await admin.get('/api/admin/fans?sort=venue').expect(400);
    await admin.get('/api/admin/fans?status=everyone').expect(400);
  });

  it('exports the list as CSV with the filter, search and sort on screen', async () => {
    const res = await admin.get('/api/admin/fans/export?status=customers&sort=-totalSpent');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="fans-\d{4}-\d{2}-\d{2}\.csv"/);
    const records = csvRecords(res.text);
    expect(records.map((r) => [r.email, r.orders, r.totalSpent])).toEqual([
      ['kitty.wells@example.com', '1', '105.00'],
      ['dolly.parton@example.com', '2', '85.00'],
    ]);
  });

  it("shows a fan's whole history", async () => {
    const dolly = (await fans('?search=dolly')).body.rows[0]!;
    const { body } = (await admin.get(`/api/admin/fans/${dolly.id}`).expect(200)) as {
      body: FanHistory;
    };
    expect(body.fan).toEqual(dolly);
    expect(body.orders.map((o) => o.total)).toEqual([3000, 5500]);
    expect(body.signups.map((s) => s.email)).toEqual(['dolly.parton@example.com']);
    expect(body.notifyMe.map((n) => n.productName)).toEqual(['Sticker Pack']);
    expect(body.messages.map((m) => m.message)).toEqual(['Jolene says hi.']);
    for (const row of [...body.orders, ...body.signups, ...body.notifyMe, ...body.messages])
      expect(Date.parse(row.createdAt)).not.toBeNaN();
  });

  it('exports every row held about a fan, and nothing about anyone else', async () => {
    const dolly = (await fans('?search=dolly')).body.rows[0]!;
    const res = await admin.get(`/api/admin/fans/${dolly.id}/export`).expect(200);
    expect(res.headers['content-disposition']).toMatch(/filename="fan-\d+-[\d-]+\.json"/);
    const data = res.body as FanExport;
    expect(data.fan).toMatchObject({ id: dolly.id, email: 'dolly.parton@example.com' });
    expect(data.orders).toHaveLength(2);
    expect(data.email_signups).toHaveLength(1);
    expect(data.notify_me).toHaveLength(1);
    expect(data.contact_messages).toHaveLength(1);
    // Each order with its address and its lines as objects, never JSON text.
    for (const order of data.orders) {
      expect(order.shippingAddress).toMatchObject({
        line1: expect.stringContaining('Dollywood'),
        city: 'Pigeon Forge',
        postalCode: '37863',
      });
    }
    const lines = data.orders.flatMap((order) => order.lines as { productId: string }[]);
    expect(lines.map((line) => line.productId).sort()).toEqual(['hat', 'tshirt']);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productName: 'Wren Calloway T-Shirt', size: 'M', quantity: 2 }),
      ]),
    );
    expect(data.contact_messages[0]).toMatchObject({ message: 'Jolene says hi.' });
    expect(data.campaign_recipients).toEqual([
      expect.objectContaining({ campaignId: 1, email: 'dolly.parton@example.com', status: 'sent' }),
    ]);
    expect(data.suppressions).toEqual([
      expect.objectContaining({ email: 'dolly.parton@example.com', reason: 'bounce' }),
    ]);
    const kinds = data.emails.map((e) => e.kind as string).sort();
    expect(kinds).toEqual([
      'artist-contact',
      'artist-order',
      'newsletter-confirm',
      'order-confirmation',
      'order-shipped',
    ]);
    const text = JSON.stringify(data).toLowerCase();
    for (const other of ['kitty', 'wells', 'patsy', 'walkup']) expect(text).not.toContain(other);
  });

  it('erases a fan everywhere, keeping the orders for the books and her parcel until it ships', async () => {
    const before = await totalOfOrders();
    const orderCount = await t.app.get(DataSource).getRepository(Order).count();
    for (const trace of DOLLY_TRACES) expect(await tracesOf(t, trace)).not.toEqual([]);
    const dolly = (await fans('?search=dolly')).body.rows[0]!;

    const res = await admin.delete(`/api/admin/fans/${dolly.id}`).expect(200);
    expect(res.body).toEqual({
      ordersScrubbed: 2,
      signupsDeleted: 1,
      notifyMeDeleted: 1,
      messagesDeleted: 1,
      emailsDeleted: 5,
      campaignRecipientsDeleted: 1,
      suppressionsErased: 1,
      ordersKeptForShipping: 1,
      downloadLinksDeleted: 0,
      downloadCodesForgotten: 0,
      discountUsesForgotten: 0,
      membershipsDeleted: 0,
      accountSessionsEnded: 0,
      passkeysDeleted: 0,
    });

    // Her paid checkout order has not shipped: it keeps the name and address on its label, and
    // nothing else of her.
    const owed = await t.app
      .get(DataSource)
      .getRepository(Order)
      .findOneByOrFail({ customerName: 'Dolly Parton' });
    expect(owed).toMatchObject({ email: 'erased', fanId: null, eraseWhenClosed: true });
    expect(owed.shipLine1).toBe('1 Dollywood Lane');
    expect(await tracesOf(t, 'dolly.parton')).toEqual([]);
    expect(await tracesOf(t, 'dollywood')).toEqual(['orders.shipLine1']);
    // The list's sort key (a virtual column worked out from the name) follows the name.
    expect(await tracesOf(t, 'parton')).toEqual([
      'orders.customerName',
      'orders.shipName',
      'orders.customerSort',
    ]);
    // Shipping it erases the rest, and no shipped email goes to the erased address.
    const emailsBefore = await t.app.get(DataSource).getRepository(OutboxEmail).count();
    await admin
      .put(`/api/admin/orders/${owed.id}`)
      .send({ fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784' })
      .expect(200);
    expect(await t.app.get(DataSource).getRepository(OutboxEmail).count()).toBe(emailsBefore);

    for (const trace of DOLLY_TRACES) expect(await tracesOf(t, trace)).toEqual([]);
    for (const path of EXPORTS) {
      const csv = (await admin.get(path).expect(200)).text.toLowerCase();
      for (const trace of DOLLY_TRACES) expect(csv).not.toContain(trace);
    }
    expect(await totalOfOrders()).toBe(before);
    const orders = await t.app
      .get(OrdersService)
      .withLines(await t.app.get(DataSource).getRepository(Order).find());
    expect(orders).toHaveLength(orderCount);
    const erased = orders.filter((o) => o.email === 'erased');
    expect(erased.map((o) => o.total).sort()).toEqual([3000, 5500]);
    for (const o of erased) {
      expect(o).toMatchObject({ customerName: 'erased', fanId: null });
      expect(o.notes === null || o.notes === 'erased').toBe(true);
      expect(toView(o).shippingAddress).toEqual({
        name: null,
        line1: 'erased',
        line2: null,
        city: null,
        state: null,
        postalCode: null,
        country: null,
        phone: null,
      });
      expect(o.lines).toHaveLength(1);
    }

    // Everyone else is untouched.
    const rest = (await fans('?sort=email')).body;
    expect(rest.rows.map((f) => f.email)).toEqual(['kitty.wells@example.com', 'patsy@example.com']);
    // Counted from the records' fanIds: her scrubbed orders, which keep no fanId, count for no one.
    expect(rest.counts).toEqual({ all: 2, customers: 1, subscribers: 1, waiting: 0, writers: 1 });
    expect(rest.rows[0]).toMatchObject({ orders: 1, totalSpent: 10500, newsletter: 'confirmed' });
    expect(await tracesOf(t, 'kitty.wells')).not.toEqual([]);
    // Her address stays suppressed, kept only as its digest; Kitty's rows are as they were.
    const ds = t.app.get(DataSource);
    const suppressions = await ds.getRepository(SuppressionRecord).find({ order: { id: 'ASC' } });
    expect(suppressions).toEqual([
      expect.objectContaining({
        email: suppressionDigest(DOLLY[0]!),
        reason: 'bounce',
        detail: null,
        campaignId: 1,
        removedAt: null,
      }),
      expect.objectContaining({ email: 'kitty.wells@example.com', reason: 'complaint' }),
    ]);
    expect(suppressionDigest(DOLLY[1]!)).toMatch(/^sha256:[0-9a-f]{64}$/);
    for (const written of DOLLY)
      expect(await t.app.get(SuppressionsService).isSuppressed(written)).toBe(true);
    expect((await ds.getRepository(CampaignRecipient).find()).map((r) => r.email)).toEqual([
      'kitty.wells@example.com',
    ]);

    await admin.get(`/api/admin/fans/${dolly.id}`).expect(404);
    await admin.get(`/api/admin/fans/${dolly.id}/export`).expect(404);
    await admin.delete(`/api/admin/fans/${dolly.id}`).expect(404);
  });

  it('makes a returning address a new fan after erasure', async () => {
    await request(t.server)
      .post('/api/email-signup')
      .set('Origin', t.config.publicUrl)
      .send({ email: DOLLY[0] })
      .expect(201);
    const { body } = await fans('?search=dolly');
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ orders: 0, totalSpent: 0, newsletter: 'unconfirmed' });
    // Her address is still never mailed by a campaign, and her export says so.
    const data = (await admin.get(`/api/admin/fans/${body.rows[0]!.id}/export`).expect(200))
      .body as FanExport;
    expect(data.suppressions).toEqual([
      expect.objectContaining({ email: suppressionDigest(DOLLY[0]!), reason: 'bounce' }),
    ]);
    expect(data.campaign_recipients).toEqual([]);
  });

  it('makes one fan of a new address written by several forms at once', async () => {
    const post = (path: string, body: object) =>
      request(t.server).post(path).set('Origin', t.config.publicUrl).send(body).expect(201);
    const email = (i: number) => (i % 2 ? 'Loretta@Example.com' : 'loretta@example.COM');
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        i % 3 === 0
          ? post('/api/email-signup', { email: email(i) })
          : i % 3 === 1
            ? post('/api/notify-me', { email: email(i), productName: 'Trucker Hat' })
            : post('/api/contact', {
                firstName: 'Loretta',
                lastName: 'Lynn',
                email: email(i),
                subject: 'fan',
                message: `Note ${i}`,
              }),
      ),
    );
    const { body } = await fans('?search=loretta');
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({ messages: 3, newsletter: 'unconfirmed' });
    expect(body.rows[0]!.pendingNotify).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 for an unknown fan and 400 for a malformed id', async () => {
    const res = await admin.get('/api/admin/fans/999999').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Fan not found.' });
    await admin.get('/api/admin/fans/999999/export').expect(404);
    await admin.delete('/api/admin/fans/999999').expect(404);
    await admin.get('/api/admin/fans/abc').expect(400);
  });

  it('refuses without a session (401) and from another site (403)', async () => {
    const patsy = (await fans('?search=patsy')).body.rows[0]!;
    const anonymous = browser(t);
    for (const path of [
      '/api/admin/fans',
      '/api/admin/fans/export',
      `/api/admin/fans/${patsy.id}`,
      `/api/admin/fans/${patsy.id}/export`,
    ]) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Please log in to continue.' });
    }
    expect((await anonymous.delete(`/api/admin/fans/${patsy.id}`)).status).toBe(401);
    const foreign = await admin
      .delete(`/api/admin/fans/${patsy.id}`)
      .set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    await admin.get(`/api/admin/fans/${patsy.id}`).expect(200);
  });
});

describe.each(testDatabases())('the fans migration on $name', (db) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(db);
  });
  afterAll(() => t?.close());

  it('makes one fan per address from the rows already stored, first seen at the earliest', async () => {
    const ds = t.app.get(DataSource);
    const migration = new CreateFans1766500000000();
    // Later migrations replaced the signups' fan index, keep the fans' figures and index them for
    // a search: they are undone first and redone after, so the schema steps back to before the
    // fans and forward again in migration order.
    const later = new IndexFanCounts1766800000000();
    const figures = new FansKeepTheirFigures1767930000000();
    const searchIndex = new LeadFanSearchIndexById1767940000000();
    const runner = ds.createQueryRunner();
    try {
      await searchIndex.down(runner);
      await figures.down(runner);
      await later.down(runner);
      await migration.down(runner);
      const insert = (sql: string, values: unknown[]) => runner.query(sql, values);
      const at = (day: number) => `2025-01-0${day} 12:00:00`;
      await insert(
        `INSERT INTO orders (email, customerName, total,
           stripeSessionId, paymentStatus, createdAt) VALUES (?, 'L', 2500, ?, 'paid', ?)`,
        ['Loretta@Example.com', 'cs_1', at(5)],
      );
      await insert(
        `INSERT INTO orders (email, customerName, total,
           stripeSessionId, paymentStatus, createdAt) VALUES (?, 'W', 2500, ?, 'paid', ?)`,
        ['walkup@merch-table.invalid', 'manual_1', at(1)],
      );
      await insert('INSERT INTO email_signups (email, createdAt) VALUES (?, ?)', [
        'loretta@example.com',
        at(3),
      ]);
      await insert('INSERT INTO notify_me (email, productName, createdAt) VALUES (?, ?, ?)', [
        'LORETTA@example.com',
        'Trucker Hat',
        at(9),
      ]);
      await insert(
        `INSERT INTO contact_messages (firstName, lastName, email, subject, message, createdAt)
         VALUES ('T', 'W', ?, 'fan', 'hi', ?)`,
        ['tammy@example.com', at(7)],
      );
      await migration.up(runner);
      await later.up(runner);
      await figures.up(runner);
      await searchIndex.up(runner);
    } finally {
      await runner.release();
    }
    const rows = (await ds.query('SELECT id, email, firstSeenAt FROM fans ORDER BY email')) as {
      id: number;
      email: string;
      firstSeenAt: string | Date;
    }[];
    expect(rows.map((r) => r.email)).toEqual(['loretta@example.com', 'tammy@example.com']);
    expect(new Date(rows[0]!.firstSeenAt).getUTCDate()).toBe(3);
    const linked = async (table: string) =>
      ((await ds.query(`SELECT fanId FROM ${table}`)) as { fanId: number | null }[]).map((r) =>
        r.fanId === null ? null : Number(r.fanId),
      );
    expect((await linked('orders')).sort()).toEqual([Number(rows[0]!.id), null].sort());
    expect(await linked('email_signups')).toEqual([Number(rows[0]!.id)]);
    expect(await linked('notify_me')).toEqual([Number(rows[0]!.id)]);
    expect(await linked('contact_messages')).toEqual([Number(rows[1]!.id)]);

    const admin = await loggedIn(t);
    const list = (await admin.get('/api/admin/fans?sort=email').expect(200)).body as FanPage;
    expect(list.rows[0]).toMatchObject({
      email: 'loretta@example.com',
      orders: 1,
      totalSpent: 2500,
      pendingNotify: 1,
    });
  });
});

describe.each(testDatabases())('the fans list by orders and spending on $name', (db) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(db);
    const ds = t.app.get(DataSource);
    const names = ['ada', 'bea', 'cal', 'dot', 'eli'];
    const { identifiers } = await ds.getRepository(FanRecord).insert(
      Array.from({ length: 40 }, (_, i) => ({
        email: `${names[i % names.length]}${String(i).padStart(2, '0')}@example.com`,
        firstSeenAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    // Every third fan has no order; some have several, some the same total as another, and some
    // only orders of $0 (a figure of zero, among the fans who never ordered).
    const orders = identifiers.flatMap(({ id }, i) =>
      i % 3 === 0
        ? []
        : Array.from({ length: 1 + (i % 4) }, (_, n) => ({
            fanId: id as number,
            email: `fan${i}@example.com`,
            customerName: 'Fan',
            total: i % 5 === 1 ? 0 : 2500 * (1 + (i % 2)) + 500 * n,
            stripeSessionId: `cs_figure_${i}_${n}`,
            paymentStatus: 'paid',
          })),
    );
    await ds.getRepository(Order).insert(orders);
    // Signups (every other one confirmed), pending and notified notify-me requests, and messages,
    // for the other filters' counts; a fan may have several of each.
    const some = (step: number) => identifiers.filter((_, i) => i % step === 0);
    await ds.getRepository(EmailSignup).insert(
      some(2).map(({ id }, i) => ({
        fanId: id as number,
        email: `signup${i}@example.com`,
        confirmedAt: i % 2 === 0 ? Date.now() : null,
      })),
    );
    await ds.getRepository(NotifyMe).insert(
      [...some(5), ...some(10)].map(({ id }, i) => ({
        fanId: id as number,
        email: `notify${i}@example.com`,
        productName: 'Trucker Hat',
        notified: i % 3 === 0 ? 'true' : 'false',
      })),
    );
    await ds.getRepository(ContactMessage).insert(
      [...some(7), ...some(7)].map(({ id }) => ({
        fanId: id as number,
        firstName: 'Fan',
        lastName: 'Writer',
        email: 'writer@example.com',
        subject: 'other',
        message: 'Hello',
      })),
    );
  });
  afterAll(() => t.close());

  it("counts each filter under a search from the kept figures exactly as testing every fan's records would", async () => {
    const definition = t.app.get(FansService).listDefinition();
    // Each filter's condition tested on the records of every matching fan.
    const everyFan = fromRecords(definition);
    let matched = 0;
    for (const search of ['', 'bea', 'A1', '@example', 'nobody'])
      for (const status of ['all', 'customers', 'subscribers', 'waiting', 'writers'] as const)
        for (const sort of ['-firstSeenAt', 'email'] as const) {
          const params = { status, search, sort, page: 2, pageSize: 3 };
          // Counts are kept between requests: each answer works out its own.
          t.app.get(TableVersions).changed('fans');
          const quick = await listPage(definition, params);
          // Asked again, with its counts and those without a search kept: it walks the sort's
          // index, or sorts every match.
          await listPage(definition, { ...params, search: '' });
          const walked = await listPage(definition, params);
          const sorted = await listPage(definition, params, { walkMax: 0 });
          t.app.get(TableVersions).changed('fans');
          const want = await listPage(everyFan, params);
          for (const got of [quick, walked, sorted])
            expect({ search, status, sort, ...got }).toEqual({ search, status, sort, ...want });
          matched += quick.counts[status];
        }
    expect(matched).toBeGreaterThan(100);
  });

  it("keeps each filter's counts until a write to the fans' records", async () => {
    const ds = t.app.get(DataSource);
    const definition = t.app.get(FansService).listDefinition();
    const everyFan = fromRecords(definition);
    const params = { status: 'all', search: 'ada', sort: '-firstSeenAt', page: 1, pageSize: 5 };
    const counts = async () => {
      const { counts } = await listPage(definition, params as never);
      t.app.get(TableVersions).changed('fans');
      expect(counts).toEqual((await listPage(everyFan, params as never)).counts);
      return counts;
    };
    const before = await counts();
    // ada30 has no order: fan 31, the last of the first 32 ids, which MySQL reads as one number.
    const fan = await ds.getRepository(FanRecord).findOneByOrFail({ email: 'ada30@example.com' });
    expect(fan.id).toBe(31);
    await ds.getRepository(Order).insert({
      fanId: fan.id,
      email: fan.email,
      customerName: 'Ada',
      total: 1500,
      stripeSessionId: 'cs_kept_references',
      paymentStatus: 'paid',
    });
    expect(await counts()).toEqual({ ...before, customers: before.customers + 1 });
  });

  it('pages by orders and by spending exactly as sorting every fan by their records would', async () => {
    const definition = t.app.get(FansService).listDefinition();
    const everyFan = fromRecords(definition);
    const sorts = FAN_SORTS.filter((s) => s === 'orders' || s === 'totalSpent');
    let compared = 0;
    for (const search of ['', 'bea', 'nobody'])
      for (const status of ['all', 'customers', 'writers'] as const)
        for (const sort of sorts.flatMap((f) => [f, `-${f}` as const]))
          for (const page of [1, 2, 3, 6]) {
            const params: ListParams<FanListFilter, FanSort> = {
              status,
              search,
              sort,
              page,
              pageSize: 7,
            };
            const [quick, sorted] = [
              await listPage(definition, params),
              await listPage(everyFan, params),
            ];
            expect(quick.rows.map((r) => r.id)).toEqual(sorted.rows.map((r) => r.id));
            expect(quick.total).toBe(sorted.total);
            compared += sorted.rows.length;
          }
    expect(compared).toBeGreaterThan(200);
  });
});
