// Times the migration that made orders rows (`OrderLinesAndAddressColumns1768000000000`: items
// from the `lineItems` JSON text to `order_lines`, the address from `shippingAddress` JSON to the
// `ship*` columns) on a database of N orders in the shape before it. On an empty database (an
// SQLite file that does not exist yet, or an empty MariaDB database), it runs the migrations up
// to just before that one, adds the orders by multi-row inserts (500 a statement, 20 statements a
// transaction: three of four sold online in Stripe's address shape with one or two shirt lines,
// one of four at the merch table with a hat and stickers), then runs that migration alone and
// prints its time. A development tool, compiled with the trial scripts:
//   npx tsc -p api/tsconfig.trial.json
//   node api/dist/trial/scripts/time-order-lines-migration.js --orders 500000 \
//     --database sqlite:/tmp/old-orders.sqlite   (or mysql://root@127.0.0.1:3306/some_empty_db)
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../src/config/env.js';
import { dataSourceOptions } from '../src/database/data-source.js';
import { migrations } from '../src/database/migrations/index.js';
import { OrderLinesAndAddressColumns1768000000000 } from '../src/database/migrations/1768000000000-OrderLinesAndAddressColumns.js';
import { entities } from '../src/entities.js';
import { between, seededRandom } from './seeded-random.js';

const ROWS_PER_INSERT = 500;
const INSERTS_PER_TRANSACTION = 20;
const SIZES = ['S', 'M', 'L', 'XL'];

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '500000' },
    database: { type: 'string' },
  },
});
const count = Number(values.orders);
const url = values.database ?? process.env.DATABASE_URL;
if (!url || !Number.isInteger(count) || count < 1) {
  process.stderr.write('Usage: --orders N --database sqlite:/new/file.sqlite|mysql://…/empty_db\n');
  process.exit(2);
}
const database: AppConfig['database'] = /^(mysql|mariadb):/.test(url)
  ? { type: 'mysql', url }
  : { type: 'sqlite', file: url.replace(/^sqlite:/, '') };
const target = migrations.indexOf(OrderLinesAndAddressColumns1768000000000);

/** A data source that knows the migrations up to `through` (not included). */
function dataSourceUpTo(through: number): DataSource {
  return new DataSource({
    ...dataSourceOptions(database, entities),
    migrations: migrations.slice(0, through),
  });
}

/** One order as it was stored before it had lines: its items and address as JSON text. */
function oldOrder(random: () => number, n: number, at: Date): unknown[] {
  const inPerson = random() < 0.25;
  const createdAt = at.toISOString().replace('T', ' ').slice(0, 19);
  if (inPerson) {
    const hats = between(random, 1, 2);
    const items = [
      { product_name: 'Trucker Hat', quantity: hats, price: 2500 },
      { product_name: 'Sticker Pack', quantity: 1, price: 500 },
    ];
    return [
      `walkup${n}@example.com`,
      JSON.stringify({ type: 'in-person' }),
      JSON.stringify(items),
      hats * 2500 + 500,
      `manual_${n}`,
      'paid',
      'in-person',
      createdAt,
    ];
  }
  const items = Array.from({ length: between(random, 1, 2) }, (_, i) => ({
    product_name: `Wren Calloway T-Shirt - ${SIZES[(n + i) % SIZES.length]}`,
    quantity: between(random, 1, 3),
    price: 2500,
  }));
  const address = {
    name: `Buyer ${n}`,
    address: {
      line1: `${n} Music Row`,
      line2: null,
      city: 'Nashville',
      state: 'TN',
      postal_code: '37203',
      country: 'US',
    },
  };
  return [
    `buyer${n}@example.com`,
    JSON.stringify(address),
    JSON.stringify(items),
    items.reduce((sum, item) => sum + item.quantity * item.price, 500),
    `cs_old_${n}`,
    'paid',
    'online',
    createdAt,
  ];
}

async function main() {
  const before = dataSourceUpTo(target);
  await before.initialize();
  try {
    if (await before.createQueryRunner().hasTable('orders')) {
      throw new Error('The database is not empty: give a new SQLite file or an empty database.');
    }
    let started = Date.now();
    await before.runMigrations();
    process.stdout.write(
      `Schema before the migration: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );

    started = Date.now();
    const random = seededRandom(53);
    const now = Date.now();
    const span = 3 * 365 * 86_400_000;
    const columns = [
      'email',
      'shippingAddress',
      'lineItems',
      'total',
      'stripeSessionId',
      'paymentStatus',
      'salesChannel',
      'createdAt',
    ];
    const row = `(${columns.map(() => '?').join(', ')})`;
    for (let n = 0; n < count;) {
      const runner = before.createQueryRunner();
      await runner.startTransaction();
      try {
        for (let s = 0; s < INSERTS_PER_TRANSACTION && n < count; s++) {
          const rows: unknown[][] = [];
          for (; rows.length < ROWS_PER_INSERT && n < count; n++) {
            rows.push(oldOrder(random, n + 1, new Date(now - span + (span * n) / count)));
          }
          await runner.query(
            `INSERT INTO orders (${columns.join(', ')}) VALUES ${rows.map(() => row).join(', ')}`,
            rows.flat(),
          );
        }
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      } finally {
        await runner.release();
      }
    }
    process.stdout.write(
      `${count} orders in the old shape: ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await before.destroy();
  }

  const after = dataSourceUpTo(target + 1);
  await after.initialize();
  try {
    const started = Date.now();
    const ran = await after.runMigrations();
    const seconds = (Date.now() - started) / 1000;
    const [{ n }] = (await after.query('SELECT COUNT(*) AS n FROM order_lines')) as {
      n: number | string;
    }[];
    process.stdout.write(
      `${ran.map((m) => m.name).join(', ')}: ${seconds.toFixed(1)} s for ${count} orders ` +
        `(${Number(n)} lines made, ${database.type === 'mysql' ? 'MariaDB' : 'SQLite'})\n`,
    );
  } finally {
    await after.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
