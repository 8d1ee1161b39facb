import { DataSource } from 'typeorm';
import { NameManualOrderItemsFromCatalogue1765500000300 } from '../src/database/migrations/1765500000300-NameManualOrderItemsFromCatalogue.js';
import { migrations } from '../src/database/migrations/index.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { testDatabases } from './utils/databases.js';
import { startTestApp, type TestApp } from './utils/test-app.js';

describe.each(testDatabases())('migrations on $name', (db) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(db);
  });

  afterAll(async () => {
    await t.close();
  });

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
    const orders = t.app.get(DataSource).getRepository(Order);
    const order = (stripeSessionId: string, lineItems: string) =>
      orders.save(
        orders.create({
          email: 'fan@example.com',
          shippingAddress: '{}',
          lineItems,
          total: 2500,
          stripeSessionId,
          paymentStatus: 'paid',
        }),
      );
    const items = (...names: string[]) =>
      JSON.stringify(names.map((product_name) => ({ product_name, quantity: 1, price: 2500 })));
    const merch = await order('manual_1', items('T-Shirt - XL', 'Trucker Hat', 'Sticker Pack'));
    const done = await order('manual_2', items('Wren Calloway T-Shirt - S'));
    const broken = await order('manual_3', 'not json');
    const online = await order('cs_test_1', items('T-Shirt - M'));

    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      await new NameManualOrderItemsFromCatalogue1765500000300().up(runner);
    } finally {
      await runner.release();
    }

    const names = async (id: number) => {
      const { lineItems } = await orders.findOneByOrFail({ id });
      return lineItems === 'not json'
        ? lineItems
        : (JSON.parse(lineItems) as { product_name: string }[]).map((i) => i.product_name);
    };
    expect(await names(merch.id)).toEqual([
      'Wren Calloway T-Shirt - XL',
      'Trucker Hat',
      'Sticker Pack',
    ]);
    expect(JSON.parse((await orders.findOneByOrFail({ id: merch.id })).lineItems)[0]).toEqual({
      product_name: 'Wren Calloway T-Shirt - XL',
      quantity: 1,
      price: 2500,
    });
    expect(await names(done.id)).toEqual(['Wren Calloway T-Shirt - S']);
    expect(await names(broken.id)).toBe('not json');
    // Checkout's own orders are named by checkout and never touched.
    expect(await names(online.id)).toEqual(['T-Shirt - M']);
  });
});
