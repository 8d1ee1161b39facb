import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { loadConfig, type AppConfig } from '../src/config/env.js';
import { migrations } from '../src/database/migrations/index.js';
import { User } from '../src/modules/auth/user.entity.js';
import { ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite, TEST_ADMIN_PASSWORD } from './utils/test-app.js';

const manualOrder = (stripeSessionId: string) => ({
  salesChannel: 'in-person',
  showLocation: 'Ryman Auditorium',
  lineItems: [{ product_name: 'T-Shirt - L', quantity: 1, price: 2000 }],
  paymentMethod: 'cash',
  stripeSessionId,
});

describe.each(testDatabases())('concurrent requests on $name', (db) => {
  // Many posts from one address: this suite is about duplicates, not the per-address limit.
  const t = testAppOfSuite(db, { FORM_RATE_LIMIT: '1000' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  it.each([1, 2, 3, 4, 5])(
    'keeps one pending notify-me row for ten identical requests at once, all answered 201 (round %i)',
    async (round) => {
      const body = { email: `Same${round}@Example.com`, productName: 'Trucker Hat' };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => request(t.server).post('/api/notify-me').send(body)),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
      const rows = await t.app
        .get(DataSource)
        .getRepository(NotifyMe)
        .findBy({
          email: `same${round}@example.com`,
          productName: 'Trucker Hat',
          notified: 'false',
        });
      expect(rows).toHaveLength(1);
    },
  );

  it('answers one 201 and one 409 to two manual orders sent at once with one session id', async () => {
    const id = `manual_${Date.now()}_race`;
    const answers = await Promise.all([
      admin.post('/api/admin/orders/manual').send(manualOrder(id)),
      admin.post('/api/admin/orders/manual').send(manualOrder(id)),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const conflict = answers.find((res) => res.status === 409)!;
    expect(conflict.body.message).toBe('An order with this payment session id already exists.');
    const rows = await t.app.get(DataSource).getRepository(Order).findBy({ stripeSessionId: id });
    expect(rows).toHaveLength(1);
  });
});

describe.each(testDatabases())('checkouts from one address at once on $name', (db) => {
  // Each buyer is its X-Forwarded-For; the per-address count of checkouts is not the point.
  const t = testAppOfSuite(db, { TRUST_PROXY: '1', CHECKOUT_RATE_LIMIT: '1000' });

  beforeAll(async () => {
    await t.app
      .get(DataSource)
      .getRepository(ProductVariantRecord)
      .update({ productId: 'tshirt' }, { stock: 100 });
  });

  const reserved = async (size: string) =>
    (
      await t.app
        .get(DataSource)
        .getRepository(ProductVariantRecord)
        .findOneByOrFail({ productId: 'tshirt', size })
    ).reserved;

  it.each([
    ['M', 3, 8, '203.0.113.21'],
    ['L', 1, 14, '203.0.113.22'],
    ['XL', 4, 6, '2001:db8:5:5::1'],
  ])(
    'holds at most 10 of size %s for one address: checkouts of %i sent %i at once',
    async (size, quantity, requests, address) => {
      const answers = await Promise.all(
        Array.from({ length: requests }, () =>
          request(t.server)
            .post('/api/create-checkout-session')
            .set('X-Forwarded-For', address)
            .send({ items: [{ productId: 'tshirt', size, quantity }] }),
        ),
      );
      const passed = Math.floor(10 / quantity);
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(passed);
      const refused = answers.filter((res) => res.status === 429);
      expect(refused).toHaveLength(requests - passed);
      for (const res of refused) {
        expect(res.body.message).toMatch(
          /^Your open checkouts already hold \d+ of the Wren Calloway T-Shirt - /,
        );
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(29 * 60);
      }
      // Only this address checks out this size here.
      expect(await reserved(size)).toBe(passed * quantity);
    },
  );
});

describe.each(testDatabases())('two servers starting at once on one empty $name database', (db) => {
  let drop: () => Promise<void>;
  const apps: INestApplication[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await drop?.();
  });

  // On SQLite a second server is refused by design: one process owns the file (cluster.e2e-spec).
  const onSharedDatabase = db.name === 'mysql' ? it : it.skip;

  onSharedDatabase('runs the migrations once and creates one admin account', async () => {
    const created = await db.create();
    drop = created.drop;
    const config: AppConfig = {
      ...loadConfig({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, process.cwd()),
      database: created.database,
    };
    const started = await Promise.allSettled(
      [0, 1].map(async () => {
        const app = await createApp(config);
        apps.push(app);
        await app.init();
        return app;
      }),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    const dataSource = apps[0].get(DataSource);
    const applied = (await dataSource.query('SELECT name FROM migrations')) as { name: string }[];
    expect(applied.map((row) => row.name).sort()).toEqual(
      migrations.map((migration) => migration.name).sort(),
    );
    expect(await dataSource.getRepository(User).count()).toBe(1);
    for (const app of apps) {
      await request(app.getHttpServer())
        .post('/api/admin/login')
        .set('Origin', config.publicUrl)
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(200);
    }
  });
});
