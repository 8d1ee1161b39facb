import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EXACT_COLLATION } from '../src/database/exact-text.js';
import { NameManualOrderItemsFromCatalogue1765500000300 } from '../src/database/migrations/1765500000300-NameManualOrderItemsFromCatalogue.js';
import { CompareAddressesExactly1767100000100 } from '../src/database/migrations/1767100000100-CompareAddressesExactly.js';
import { NameEmailSubjects1767900000000 } from '../src/database/migrations/1767900000000-NameEmailSubjects.js';
import { GiveCampaignPagesUnguessableIds1767970000000 } from '../src/database/migrations/1767970000000-GiveCampaignPagesUnguessableIds.js';
import { OrderLinesAndAddressColumns1768000000000 } from '../src/database/migrations/1768000000000-OrderLinesAndAddressColumns.js';
import { SearchOrdersByProductNames1768100000000 } from '../src/database/migrations/1768100000000-SearchOrdersByProductNames.js';
import { QueueCampaignMessagesInTheOutbox1768800001000 } from '../src/database/migrations/1768800001000-QueueCampaignMessagesInTheOutbox.js';
import { migrations } from '../src/database/migrations/index.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { OrdersService, toView } from '../src/modules/orders/orders.service.js';
import { listPage } from '../src/lists/list.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

/** An order row as the table stood before its lines had a table (no entity describes it). */
async function insertOrder(dataSource: DataSource, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row).map((c) => dataSource.driver.escape(c));
  await dataSource.query(
    `INSERT INTO orders (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    Object.values(row),
  );
}

/** Undoes the migrations from the last one back to `migration`, that one included. */
async function undoThrough(dataSource: DataSource, migration: (typeof migrations)[number]) {
  const mine = migrations.indexOf(migration);
  for (let i = migrations.length - 1; i >= mine; i--) await dataSource.undoLastMigration();
}

// Each test takes migrations down and up again, and on MySQL every one of them changes tables,
// which waits on the data files' flushes: 2–5 s each on an idle machine, and one passed 60 s in a
// fresh-clone run on a machine whose disk was busy (docs/ci.md, "The tests' MariaDB in memory").
jest.setTimeout(120_000);

describe.each(testDatabases())('migrations on $name', (db) => {
  const t = testAppOfSuite(db);

  it('undoes every migration with down() and applies them again, matching the entities', async () => {
    const dataSource = t.app.get(DataSource);
    for (let i = 0; i < migrations.length; i++) await dataSource.undoLastMigration();
    const runner = dataSource.createQueryRunner();
    try {
      for (const table of ['shows', 'users', 'sessions', 'orders', 'email_signups']) {
        expect([table, await runner.hasTable(table)]).toEqual([table, false]);
      }
    } finally {
      await runner.release();
    }
    await dataSource.runMigrations();
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("renames manual orders' items to the catalogue's names, and leaves the rest alone", async () => {
    const dataSource = t.app.get(DataSource);
    // The orders as they were stored then: their items as JSON text.
    await undoThrough(dataSource, OrderLinesAndAddressColumns1768000000000);
    const order = async (stripeSessionId: string, lineItems: string) => {
      await insertOrder(dataSource, {
        email: 'fan@example.com',
        shippingAddress: '{}',
        lineItems,
        total: 2500,
        stripeSessionId,
        paymentStatus: 'paid',
      });
      return stripeSessionId;
    };
    const items = (...names: string[]) =>
      JSON.stringify(names.map((product_name) => ({ product_name, quantity: 1, price: 2500 })));
    const merch = await order('manual_1', items('T-Shirt - XL', 'Trucker Hat', 'Sticker Pack'));
    const done = await order('manual_2', items('Wren Calloway T-Shirt - S'));
    const broken = await order('manual_3', 'not json');
    const online = await order('cs_test_1', items('T-Shirt - M'));

    const runner = dataSource.createQueryRunner();
    try {
      await new NameManualOrderItemsFromCatalogue1765500000300().up(runner);
    } finally {
      await runner.release();
    }

    const stored = async (session: string) => {
      const [{ lineItems }] = (await dataSource.query(
        `SELECT lineItems FROM orders WHERE stripeSessionId = ?`,
        [session],
      )) as { lineItems: string }[];
      return lineItems;
    };
    const names = async (session: string) => {
      const lineItems = await stored(session);
      return lineItems === 'not json'
        ? lineItems
        : (JSON.parse(lineItems) as { product_name: string }[]).map((i) => i.product_name);
    };
    expect(await names(merch)).toEqual([
      'Wren Calloway T-Shirt - XL',
      'Trucker Hat',
      'Sticker Pack',
    ]);
    expect(JSON.parse(await stored(merch))[0]).toEqual({
      product_name: 'Wren Calloway T-Shirt - XL',
      quantity: 1,
      price: 2500,
    });
    expect(await names(done)).toEqual(['Wren Calloway T-Shirt - S']);
    expect(await names(broken)).toBe('not json');
    // Checkout's own orders are named by checkout and never touched.
    expect(await names(online)).toEqual(['T-Shirt - M']);
    await dataSource.query('DELETE FROM orders');
    await dataSource.runMigrations();
  });

  it('moves every stored line and address shape into order lines and address columns, and back again', async () => {
    const dataSource = t.app.get(DataSource);
    await undoThrough(dataSource, OrderLinesAndAddressColumns1768000000000);
    await dataSource.query(
      `INSERT INTO products (id, name, description, priceInCents, kind) VALUES (?, ?, ?, ?, ?)`,
      ['first-light', 'First Light', 'An album.', 1000, 'digital'],
    );
    const fields = {
      line1: '1 Music Row',
      line2: 'Suite 2',
      city: 'Nashville',
      state: 'TN',
      postal_code: '37203',
      country: 'US',
    };
    const item = (product_name: string, quantity: number, price: number, extra = {}) => ({
      product_name,
      quantity,
      price,
      ...extra,
    });
    // One order per stored address shape, their lines in every shape the code wrote.
    const stored: [string, unknown, unknown[] | string, Record<string, unknown>?][] = [
      [
        'manual_in_person',
        { type: 'in-person' },
        [item('Trucker Hat', 2, 2500), item('Sticker Pack', 1, 500)],
        { salesChannel: 'in-person' },
      ],
      ['cs_string', '1 Music Row, Nashville', [item('Wren Calloway T-Shirt - XL', 1, 2500)]],
      [
        'cs_object',
        { name: 'June Carter', address: fields },
        [item('Wren Calloway T-Shirt - M', 2, 2500), item('Trucker Hat', 1, 2000)],
        { discountAmount: 700, taxAmount: 301, total: 7101 },
      ],
      [
        'cs_string_under_address',
        { name: 'Ada', address: 'PO Box 9, Austin' },
        [item('Wren Calloway T-Shirt - S', 1, 2500, { pre_order_until: '2027-03-01' })],
        { preOrder: true, preOrderUntil: '2027-03-01' },
      ],
      ['cs_top_level', fields, [item('Renamed Shirt - M', 1, 2500)]],
      [
        'cs_digital',
        {},
        [
          item('First Light', 1, 1500, {
            product_id: 'first-light',
            digital: true,
            min_price: 1000,
          }),
        ],
      ],
      ['cs_unreadable', 'not json', 'not json'],
    ];
    for (const [session, address, lines, more] of stored) {
      await insertOrder(dataSource, {
        email: 'fan@example.com',
        shippingAddress: session === 'cs_unreadable' ? address : JSON.stringify(address),
        lineItems: typeof lines === 'string' ? lines : JSON.stringify(lines),
        total: 2500,
        stripeSessionId: session,
        paymentStatus: 'paid',
        ...more,
      });
    }
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      await dataSource.runMigrations();
      expect(logged).toHaveBeenCalledWith(
        'Order lines made for 7 orders: 8 lines, 2 of them matching no product (kept with productId null).',
      );
    } finally {
      logged.mockRestore();
    }

    const orders = await t.app
      .get(OrdersService)
      .withLines(await dataSource.getRepository(Order).find({ order: { id: 'ASC' } }));
    const bySession = new Map(orders.map((o) => [o.stripeSessionId, toView(o)]));
    const view = (session: string) => bySession.get(session)!;
    const none = {
      name: null,
      line1: null,
      line2: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
      phone: null,
    };
    const parts = {
      ...none,
      line1: '1 Music Row',
      line2: 'Suite 2',
      city: 'Nashville',
      state: 'TN',
      postalCode: '37203',
      country: 'US',
    };
    expect(view('manual_in_person').shippingAddress).toBeNull();
    expect(view('cs_string').shippingAddress).toEqual({ ...none, line1: '1 Music Row, Nashville' });
    expect(view('cs_object').shippingAddress).toEqual({ ...parts, name: 'June Carter' });
    expect(view('cs_string_under_address').shippingAddress).toEqual({
      ...none,
      name: 'Ada',
      line1: 'PO Box 9, Austin',
    });
    expect(view('cs_top_level').shippingAddress).toEqual(parts);
    expect(view('cs_digital').shippingAddress).toBeNull();
    expect(view('cs_unreadable').shippingAddress).toBeNull();

    const line = (fields: Record<string, unknown>) => ({
      id: expect.any(Number),
      discountCents: 0,
      taxCents: 0,
      refundedQuantity: 0,
      shippedQuantity: 0,
      size: null,
      kind: 'physical',
      ...fields,
    });
    expect(view('manual_in_person').lines).toEqual([
      line({ productId: 'hat', productName: 'Trucker Hat', quantity: 2, unitPriceCents: 2500 }),
      line({ productId: null, productName: 'Sticker Pack', quantity: 1, unitPriceCents: 500 }),
    ]);
    const shirt = { productId: 'tshirt', productName: 'Wren Calloway T-Shirt' };
    expect(view('cs_string').lines).toEqual([
      line({ ...shirt, size: 'XL', quantity: 1, unitPriceCents: 2500 }),
    ]);
    // $7.00 off and $3.01 of tax shared by what each line cost ($50 and $20), to the cent.
    expect(view('cs_object').lines).toEqual([
      line({
        ...shirt,
        size: 'M',
        quantity: 2,
        unitPriceCents: 2500,
        discountCents: 500,
        taxCents: 215,
      }),
      line({
        productId: 'hat',
        productName: 'Trucker Hat',
        quantity: 1,
        unitPriceCents: 2000,
        discountCents: 200,
        taxCents: 86,
      }),
    ]);
    expect(view('cs_string_under_address').lines).toEqual([
      line({ ...shirt, size: 'S', kind: 'pre-order', quantity: 1, unitPriceCents: 2500 }),
    ]);
    expect(view('cs_top_level').lines).toEqual([
      line({
        productId: null,
        productName: 'Renamed Shirt - M',
        quantity: 1,
        unitPriceCents: 2500,
      }),
    ]);
    expect(view('cs_digital').lines).toEqual([
      line({
        productId: 'first-light',
        productName: 'First Light',
        kind: 'digital',
        quantity: 1,
        unitPriceCents: 1500,
      }),
    ]);
    expect(view('cs_unreadable').lines).toEqual([]);
    const [{ variantId }] = (await dataSource.query(
      `SELECT l.variantId AS variantId FROM order_lines l
       JOIN product_variants v ON v.id = l.variantId
       WHERE l.productId = 'tshirt' AND v.size = 'XL'`,
    )) as { variantId: number }[];
    expect(variantId).toEqual(expect.anything());

    // Down again: the JSON text written back from the rows, in the shapes the code wrote.
    await undoThrough(dataSource, OrderLinesAndAddressColumns1768000000000);
    const json = async (session: string) => {
      const [row] = (await dataSource.query(
        'SELECT lineItems, shippingAddress FROM orders WHERE stripeSessionId = ?',
        [session],
      )) as { lineItems: string; shippingAddress: string }[];
      return {
        lineItems: JSON.parse(row.lineItems),
        shippingAddress: JSON.parse(row.shippingAddress),
      };
    };
    expect(await json('manual_in_person')).toEqual({
      lineItems: [item('Trucker Hat', 2, 2500), item('Sticker Pack', 1, 500)],
      shippingAddress: { type: 'in-person' },
    });
    expect(await json('cs_object')).toEqual({
      lineItems: [item('Wren Calloway T-Shirt - M', 2, 2500), item('Trucker Hat', 1, 2000)],
      shippingAddress: { name: 'June Carter', address: fields },
    });
    expect(await json('cs_string_under_address')).toEqual({
      lineItems: [item('Wren Calloway T-Shirt - S', 1, 2500, { pre_order_until: '2027-03-01' })],
      shippingAddress: {
        name: 'Ada',
        address: {
          ...fields,
          line1: 'PO Box 9, Austin',
          line2: null,
          city: null,
          state: null,
          postal_code: null,
          country: null,
        },
      },
    });
    expect(await json('cs_digital')).toEqual({
      lineItems: [item('First Light', 1, 1500, { product_id: 'first-light', digital: true })],
      shippingAddress: {},
    });
    await dataSource.runMigrations();
    await dataSource.query('DELETE FROM order_lines');
    await dataSource.query('DELETE FROM orders');
    await dataSource.query(`DELETE FROM products WHERE id = 'first-light'`);
  });

  it('gives every column the collation its entity declares: addresses, tokens and session ids exact on MySQL, none on SQLite', async () => {
    const dataSource = t.app.get(DataSource);
    const declared = dataSource.entityMetadatas.flatMap((entity) =>
      entity.columns
        .filter((c) => c.collation !== undefined)
        .map((c) => `${entity.tableName}.${c.databaseName}`),
    );
    if (db.name === 'sqlite') {
      expect(declared).toEqual([]);
      return;
    }
    const exact = (await dataSource.query(
      `SELECT CONCAT(TABLE_NAME, '.', COLUMN_NAME) AS name FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME = ? AND DATA_TYPE = 'varchar'`,
      [EXACT_COLLATION],
    )) as { name: string }[];
    expect(exact.map((c) => c.name).sort()).toEqual(declared.sort());
    expect(declared).toEqual(
      expect.arrayContaining([
        'fans.email',
        'email_signups.email',
        'email_signups.token',
        'notify_me.email',
        'notify_me.token',
        'orders.email',
        'contact_messages.email',
        'emails.toAddress',
        'emails.replyToAddress',
        'sessions.sid',
      ]),
    );
  });

  it('lower-cases the stored addresses, merges the rows that become one, and gives each address its own fan', async () => {
    const dataSource = t.app.get(DataSource);
    const mine = migrations.indexOf(CompareAddressesExactly1767100000100);
    for (let i = migrations.length - 1; i >= mine; i--) await dataSource.undoLastMigration();
    const at = (day: number) => `2025-01-0${day} 12:00:00`;
    const ms = (day: number) => Date.UTC(2025, 0, day, 12);
    const runner = dataSource.createQueryRunner();
    let kim: number | undefined;
    const insert = async (table: string, row: Record<string, unknown>) => {
      const columns = Object.keys(row).map((c) => dataSource.driver.escape(c));
      await runner.query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        Object.values(row),
      );
      const [{ id }] = (await runner.query(`SELECT MAX(id) AS id FROM ${table}`)) as {
        id: number;
      }[];
      return Number(id);
    };
    try {
      for (const table of ['fans', 'orders', 'email_signups', 'notify_me', 'contact_messages'])
        await runner.query(`DELETE FROM ${table}`);
      // As MySQL's accent-blind collation left them: jose@, josé@ and jöse@ one fan.
      const jose = await insert('fans', { email: 'jose@example.com', firstSeenAt: at(1) });
      const order = (email: string, day: number, fanId: number | null) =>
        insert('orders', {
          email,
          customerName: 'J',
          shippingAddress: '{}',
          lineItems: '[]',
          total: 2500,
          stripeSessionId: `cs_${email}_${day}`,
          paymentStatus: 'paid',
          createdAt: at(day),
          fanId,
        });
      await order('Jose@Example.com', 1, jose);
      await order('JOSÉ@example.com', 3, jose);
      await order('erased', 2, null);
      await insert('contact_messages', {
        firstName: 'J',
        lastName: 'S',
        email: 'jöse@example.com',
        subject: 'fan',
        message: 'hi',
        createdAt: at(5),
        fanId: jose,
      });
      // Two fans that become one: the earliest seen stays, with both records.
      const zoe = await insert('fans', { email: 'zoe@example.com', firstSeenAt: at(2) });
      const spaced = await insert('fans', { email: ' zoe@example.com', firstSeenAt: at(4) });
      await order('zoe@example.com', 2, zoe);
      await order(' Zoe@example.com', 4, spaced);
      // Signups that become one: the confirmed one stays, with the earliest creation.
      const signup = (row: Record<string, unknown>) =>
        insert('email_signups', { contacted: 'false', ...row });
      await signup({
        email: ' Kim@Example.com',
        createdAt: at(1),
        token: 'kim-a',
        contacted: 'true',
        contactedAt: at(2),
      });
      kim = await signup({
        email: 'kim@example.com',
        createdAt: at(3),
        token: 'kim-b',
        confirmedAt: ms(3),
      });
      // Lou confirmed twice and unsubscribed last: unsubscribed she stays.
      await signup({
        email: ' lou@example.com',
        createdAt: at(1),
        token: 'lou-a',
        confirmedAt: ms(1),
        unsubscribedAt: ms(6),
      });
      await signup({
        email: 'Lou@example.com',
        createdAt: at(2),
        token: 'lou-b',
        confirmedAt: ms(4),
        confirmationSentAt: ms(4),
      });
      await insert('notify_me', {
        email: 'Ann@Example.com',
        productName: 'Trucker Hat',
        token: 'TokenOfAnn',
        createdAt: at(1),
      });
      await insert('emails', {
        key: 'artist-contact:1',
        kind: 'artist-contact',
        toAddress: 'Artist@Example.com',
        replyToAddress: ' Jose@Example.com',
        subject: 's',
        html: 'h',
        text: 't',
        messageId: '<m@example.com>',
        status: 'held',
        nextAttemptAt: 0,
        createdAt: 0,
      });
    } finally {
      await runner.release();
    }
    await dataSource.runMigrations();

    const rows = <T>(sql: string, values: unknown[] = []) =>
      dataSource.query(sql, values) as Promise<T[]>;
    const fans = await rows<{ id: number; email: string; firstSeenAt: string | Date }>(
      'SELECT id, email, firstSeenAt FROM fans ORDER BY email',
    );
    const day = (value: string | Date) => new Date(value).getUTCDate();
    expect(fans.map((f) => [f.email, day(f.firstSeenAt)])).toEqual(
      [
        ['ann@example.com', 1],
        ['jose@example.com', 1],
        ['josé@example.com', 3],
        ['jöse@example.com', 5],
        ['kim@example.com', 1],
        ['lou@example.com', 1],
        ['zoe@example.com', 2],
      ].sort(([a], [b]) => (a! < b! ? -1 : 1)),
    );
    const fanOf = new Map(fans.map((f) => [Number(f.id), f.email]));
    for (const table of ['orders', 'email_signups', 'notify_me', 'contact_messages']) {
      const records = await rows<{ email: string; fanId: number | null }>(
        `SELECT email, fanId FROM ${table}`,
      );
      for (const r of records)
        expect([table, r.email, r.fanId === null ? null : fanOf.get(Number(r.fanId))]).toEqual([
          table,
          r.email,
          r.email === 'erased' ? null : r.email,
        ]);
    }
    expect(
      (await rows<{ email: string }>('SELECT email FROM orders ORDER BY id')).map((o) => o.email),
    ).toEqual([
      'jose@example.com',
      'josé@example.com',
      'erased',
      'zoe@example.com',
      'zoe@example.com',
    ]);
    const signups = await rows<Record<string, unknown>>(
      'SELECT * FROM email_signups ORDER BY email',
    );
    expect(signups).toHaveLength(2);
    expect(signups[0]).toMatchObject({
      id: kim,
      email: 'kim@example.com',
      token: 'kim-b',
      contacted: 'true',
    });
    expect(day(signups[0]!.createdAt as string)).toBe(1);
    expect(day(signups[0]!.contactedAt as string)).toBe(2);
    expect(Number(signups[0]!.confirmedAt)).toBe(ms(3));
    expect(signups[0]!.unsubscribedAt).toBeNull();
    expect(signups[1]).toMatchObject({ email: 'lou@example.com', token: 'lou-a' });
    expect(day(signups[1]!.createdAt as string)).toBe(1);
    expect([signups[1]!.confirmedAt, signups[1]!.unsubscribedAt].map(Number)).toEqual([
      ms(1),
      ms(6),
    ]);
    expect(Number(signups[1]!.confirmationSentAt)).toBe(ms(4));
    expect(await rows('SELECT toAddress, replyToAddress FROM emails')).toEqual([
      { toAddress: 'artist@example.com', replyToAddress: 'jose@example.com' },
    ]);
    // Tokens keep their letter case, and only that one finds the row.
    expect(await rows('SELECT id FROM notify_me WHERE token = ?', ['tokenofann'])).toEqual([]);
    expect(await rows('SELECT id FROM notify_me WHERE token = ?', ['TokenOfAnn'])).toHaveLength(1);
  });

  it('names the subject of each email queued before emails named theirs, from its key', async () => {
    const dataSource = t.app.get(DataSource);
    const mine = migrations.indexOf(NameEmailSubjects1767900000000);
    for (let i = migrations.length - 1; i >= mine; i--) await dataSource.undoLastMigration();
    await dataSource.query('DELETE FROM emails');
    await dataSource.query('DELETE FROM users');
    await dataSource.query(
      "INSERT INTO users (id, username, password) VALUES ('u-1', 'admin', 'x')",
    );
    const keys = [
      'order-confirmation:42',
      'order-confirmation:42:resend:1700000000000',
      'artist-order:42',
      'order-shipped:42:3f2a',
      'artist-contact:7',
      'newsletter-confirm:5:1700000000000:abcdefabcdef',
      'notify-confirm:9:1700000000000:abcdefabcdef',
      'back-in-stock:9',
      'checkout-reminder:cs_test_a1',
      'campaign-test:3:1700000000000:0a1b2c3d4e5f',
      'download-links:code:11',
      'download-links:fresh:12:13',
      'download-links:order:42:14:resend:1700000000000',
      'password-reset:0123456789abcdef',
    ];
    for (const [i, key] of keys.entries()) {
      const kind = key.split(':')[0]!;
      await dataSource.query(
        `INSERT INTO emails (${dataSource.driver.escape('key')}, kind, toAddress, subject, html,
           text, messageId, status, attempts, nextAttemptAt, createdAt)
         VALUES (?, ?, 'fan@example.com', 's', 'h', 't', ?, 'held', 0, 0, 0)`,
        [key, kind, `<${i}@example.com>`],
      );
    }
    await dataSource.runMigrations();

    const rows = (await dataSource.query(
      'SELECT subjectType, subjectId FROM emails ORDER BY id',
    )) as { subjectType: string | null; subjectId: string | null }[];
    expect(rows.map((r) => `${r.subjectType} ${r.subjectId}`)).toEqual([
      'order 42',
      'order 42',
      'order 42',
      'order 42',
      'contact-message 7',
      'signup 5',
      'notify-me 9',
      'notify-me 9',
      'checkout-session cs_test_a1',
      'campaign 3',
      'download-code 11',
      'download-link 12',
      'order 42',
      'user u-1',
    ]);
  });

  it('gives every campaign its own unguessable page id, and its stored email and page link to it', async () => {
    const dataSource = t.app.get(DataSource);
    const mine = migrations.indexOf(GiveCampaignPagesUnguessableIds1767970000000);
    for (let i = migrations.length - 1; i >= mine; i--) await dataSource.undoLastMigration();
    await dataSource.query('DELETE FROM campaign_recipients');
    await dataSource.query('DELETE FROM campaigns');
    const site = 'https://wren.example/api/campaigns';
    const campaign = (id: number, status: string, html: string | null, text: string | null) =>
      dataSource.query(
        `INSERT INTO campaigns (id, subject, body, audience, status, html, text, createdAt,
           updatedAt) VALUES (?, 's', 'b', '{}', ?, ?, ?, 0, 0)`,
        [id, status, html, text],
      );
    // Campaign 1's email also links to campaign 12's page, which is not its own.
    await campaign(
      1,
      'sent',
      `<a href="${site}/1">View</a> <a href="${site}/12">Earlier</a>`,
      `View this email in your browser: ${site}/1\nEarlier: ${site}/12`,
    );
    await campaign(12, 'paused', `<a href="${site}/12">View</a>`, `${site}/12`);
    await campaign(13, 'draft', null, null);
    await dataSource.runMigrations();

    const rows = (await dataSource.query(
      'SELECT id, pageId, html, text FROM campaigns ORDER BY id',
    )) as { id: number; pageId: string; html: string | null; text: string | null }[];
    const pageIds = rows.map((r) => r.pageId);
    for (const pageId of pageIds) expect(pageId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(pageIds).size).toBe(3);
    const [one, twelve] = pageIds;
    expect(rows.map((r) => [Number(r.id), r.html, r.text])).toEqual([
      [
        1,
        `<a href="${site}/${one}">View</a> <a href="${site}/12">Earlier</a>`,
        `View this email in your browser: ${site}/${one}\nEarlier: ${site}/12`,
      ],
      [12, `<a href="${site}/${twelve}">View</a>`, `${site}/${twelve}`],
      [13, null, null],
    ]);
    // The page id is unique: a second campaign cannot take it.
    await expect(
      dataSource.query('UPDATE campaigns SET pageId = ? WHERE id = 12', [one]),
    ).rejects.toThrow();
  });

  it('queues the messages of campaigns still sending or paused in the outbox’s bulk lane, once', async () => {
    const dataSource = t.app.get(DataSource);
    await undoThrough(dataSource, QueueCampaignMessagesInTheOutbox1768800001000);
    await dataSource.query('DELETE FROM campaign_recipients');
    await dataSource.query('DELETE FROM campaigns');
    await dataSource.query("DELETE FROM emails WHERE kind = 'campaign'");
    for (const [id, status] of [
      [1, 'sending'],
      [2, 'paused'],
      [3, 'sent'],
    ] as const)
      await dataSource.query(
        `INSERT INTO campaigns (id, pageId, subject, body, audience, status, startedAt, createdAt,
           updatedAt) VALUES (?, ?, ?, 'b', '{}', ?, 500, 0, 0)`,
        [id, `page-${id}`, `Subject ${id}`, status],
      );
    const recipient = (id: number, campaignId: number, email: string, status: string) =>
      dataSource.query(
        `INSERT INTO campaign_recipients (id, campaignId, email, token, messageId, status,
           attempts, nextAttemptAt) VALUES (?, ?, ?, ?, ?, ?, 1, 900)`,
        [id, campaignId, email, `token-${id}`, `<campaign.${campaignId}.${id}@x>`, status],
      );
    await recipient(10, 1, 'a@example.com', 'queued');
    await recipient(11, 1, 'b@example.com', 'sent');
    await recipient(20, 2, 'a@example.com', 'queued');
    await recipient(30, 3, 'c@example.com', 'queued');
    await dataSource.runMigrations();

    const rows = (await dataSource.query(
      `SELECT \`key\`, kind, lane, subjectType, subjectId, toAddress, subject, html, text,
         listUnsubscribe, messageId, status, attempts, nextAttemptAt, createdAt
       FROM emails WHERE kind = 'campaign' ORDER BY \`key\``,
    )) as Record<string, unknown>[];
    expect(
      rows.map((r) => ({
        ...r,
        attempts: Number(r.attempts),
        nextAttemptAt: Number(r.nextAttemptAt),
        createdAt: Number(r.createdAt),
      })),
    ).toEqual([
      {
        key: 'campaign:1:10',
        kind: 'campaign',
        lane: 'bulk',
        subjectType: 'campaign',
        subjectId: '1',
        toAddress: 'a@example.com',
        subject: 'Subject 1',
        html: '',
        text: '',
        listUnsubscribe: null,
        messageId: '<campaign.1.10@x>',
        status: 'queued',
        attempts: 0,
        nextAttemptAt: 900,
        createdAt: 500,
      },
      expect.objectContaining({ key: 'campaign:2:20', subjectId: '2', status: 'paused' }),
    ]);
    await dataSource.query('DELETE FROM campaign_recipients');
    await dataSource.query('DELETE FROM campaigns');
    await dataSource.query("DELETE FROM emails WHERE kind = 'campaign'");
  });

  it("gives every order its lines' product names for the search index, and takes them away again", async () => {
    const dataSource = t.app.get(DataSource);
    await undoThrough(dataSource, SearchOrdersByProductNames1768100000000);
    await dataSource.query('DELETE FROM order_lines');
    await dataSource.query('DELETE FROM orders');
    const order = async (id: number, ...names: string[]) => {
      await insertOrder(dataSource, {
        id,
        email: `fan${id}@example.com`,
        total: 2500,
        stripeSessionId: `manual_${id}`,
        paymentStatus: 'paid',
      });
      for (const [i, productName] of names.entries())
        await dataSource.query(
          `INSERT INTO order_lines (orderId, productId, productName, size, quantity,
             unitPriceCents) VALUES (?, NULL, ?, ?, 1, 2500)`,
          [id, productName, `S${i}`],
        );
    };
    await order(1, 'Wren Calloway T-Shirt', 'Porch Light Vinyl', 'Wren Calloway T-Shirt');
    await order(2, 'Trucker Hat');
    await order(3);
    await dataSource.runMigrations();
    const names = async () =>
      (
        (await dataSource.query('SELECT id, productNames FROM orders ORDER BY id')) as {
          id: number;
          productNames: string | null;
        }[]
      ).map((row) => [Number(row.id), row.productNames]);
    expect(await names()).toEqual([
      [1, 'Porch Light Vinyl\nWren Calloway T-Shirt'],
      [2, 'Trucker Hat'],
      [3, null],
    ]);
    // The list's search finds the order by a product it sold, and only that one.
    const found = await listPage(t.app.get(OrdersService).listDefinition(), {
      status: 'all',
      search: 'porch light',
      sort: '-createdAt',
      page: 1,
      pageSize: 50,
    });
    expect(found.rows.map((row) => row.id)).toEqual([1]);

    await undoThrough(dataSource, SearchOrdersByProductNames1768100000000);
    const runner = dataSource.createQueryRunner();
    try {
      expect((await runner.getTable('orders'))!.findColumnByName('productNames')).toBeUndefined();
    } finally {
      await runner.release();
    }
    await dataSource.runMigrations();
    expect(await names()).toEqual([
      [1, 'Porch Light Vinyl\nWren Calloway T-Shirt'],
      [2, 'Trucker Hat'],
      [3, null],
    ]);
  });
});
