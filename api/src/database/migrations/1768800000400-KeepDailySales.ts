import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The sales report's figures kept by day (`sales_days`, owned by the sales module): for each day
 * in the artist's time zone and each kind of order that day (channel, show, where sold, payment
 * status, test, recovered), one row of the orders' own figures (`kind` 'order') and one row per
 * product line sold (its kind, product, name, size and unit price). The sales module keeps them in
 * the transaction of every write that changes them; this fills them from the orders and their
 * lines as they stand, in the zone `ARTIST_TIMEZONE` names (the app's default when unset).
 */
export class KeepDailySales1768800000400 implements MigrationInterface {
  name = 'KeepDailySales1768800000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'sales_days',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'day', type: 'varchar', length: '10' },
          { name: 'salesChannel', type: 'varchar', length: '20' },
          { name: 'showId', type: 'integer', default: 0 },
          { name: 'showLocation', type: 'varchar', length: '200', default: "''" },
          { name: 'paymentStatus', type: 'varchar', length: '30' },
          { name: 'testMode', type: 'boolean', default: 0 },
          { name: 'recovered', type: 'boolean', default: 0 },
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'productId', type: 'varchar', length: '60', default: "''" },
          { name: 'productName', type: 'varchar', length: '200', default: "''" },
          { name: 'size', type: 'varchar', length: '12', default: "''" },
          { name: 'unitPriceCents', type: 'integer', default: 0 },
          ...FIGURES.map((name) => ({ name, type: 'integer', default: 0 })),
        ],
        indices: [
          new TableIndex({
            name: 'IDX_sales_days_key',
            columnNames: [...SALES_DAY_KEY],
            isUnique: true,
          }),
          new TableIndex({ name: 'IDX_sales_days_showId', columnNames: ['showId'] }),
        ],
      }),
    );
    await fillSalesDays(queryRunner, process.env.ARTIST_TIMEZONE || 'America/Chicago');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sales_days');
  }
}

/** What makes a row of `sales_days` one: its day, its kind of order, and the line's product. */
export const SALES_DAY_KEY = [
  'day',
  'salesChannel',
  'showId',
  'showLocation',
  'paymentStatus',
  'testMode',
  'recovered',
  'kind',
  'productId',
  'productName',
  'size',
  'unitPriceCents',
] as const;

/** What a row adds up. */
const FIGURES = [
  'orders',
  'quantity',
  'grossCents',
  'refundedCents',
  'discountCents',
  'discountedOrders',
  'taxCents',
  'digitalOrders',
] as const;

/** Where an in-person sale was made ('' for an online order): a key of the row. */
const LOCATION =
  "CASE WHEN o.salesChannel = 'in-person' THEN COALESCE(o.showLocation, '') ELSE '' END";
const ORDER_KEYS = [
  'b.day',
  'o.salesChannel',
  'COALESCE(o.showId, 0)',
  LOCATION,
  'o.paymentStatus',
  'o.testMode',
  'o.recovered',
];

interface Queries {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
  connection: { options: { type: string } };
}

/**
 * Adds to `sales_days` the figures of every order and its lines (the table empty before), each
 * order in the day it was made in `timeZone`. The days' bounds go into a temporary table, and
 * the orders are read a day's range of their date index at a time, grouped by the database.
 */
export async function fillSalesDays(runner: Queries, timeZone: string): Promise<void> {
  const [range] = (await runner.query(
    'SELECT MIN(createdAt) AS first, MAX(createdAt) AS last FROM orders',
  )) as { first: Date | string | null; last: Date | string | null }[];
  if (!range?.first || !range.last) return;
  const sqlite = runner.connection.options.type === 'better-sqlite3';
  // A day either side: the zone's day of an instant is at most a day from its UTC date.
  const firstDay = previousDate(instant(range.first).toISOString().slice(0, 10));
  const lastDay = nextDate(nextDate(instant(range.last).toISOString().slice(0, 10)));
  const bounds: [string, string, string][] = [];
  for (let day = firstDay; day < lastDay; day = nextDate(day)) {
    bounds.push([
      day,
      stored(startOfDayIn(timeZone, day)),
      stored(startOfDayIn(timeZone, nextDate(day))),
    ]);
  }
  await runner.query(
    'CREATE TEMPORARY TABLE sales_day_bounds (day varchar(10) NOT NULL PRIMARY KEY, ' +
      'startsAt datetime NOT NULL, endsAt datetime NOT NULL)',
  );
  try {
    for (let i = 0; i < bounds.length; i += 300) {
      const chunk = bounds.slice(i, i + 300);
      await runner.query(
        `INSERT INTO sales_day_bounds (day, startsAt, endsAt) VALUES ${chunk.map(() => '(?, ?, ?)').join(', ')}`,
        chunk.flat(),
      );
    }
    const columns = [...SALES_DAY_KEY, ...FIGURES].join(', ');
    const period =
      'sales_day_bounds b JOIN orders o ON o.createdAt >= b.startsAt AND o.createdAt < b.endsAt';
    await runner.query(
      `INSERT INTO sales_days (${columns}) SELECT ${ORDER_KEYS.join(', ')}, 'order', '', '', '', 0, ` +
        'COUNT(*), 0, SUM(o.total), ' +
        "SUM(CASE WHEN o.paymentStatus = 'refunded' OR o.refundedAmount > o.total " +
        'THEN o.total ELSE o.refundedAmount END), SUM(o.discountAmount), ' +
        'SUM(CASE WHEN o.discountAmount > 0 THEN 1 ELSE 0 END), SUM(o.taxAmount), ' +
        'SUM(CASE WHEN EXISTS (SELECT 1 FROM order_lines dl ' +
        "WHERE dl.orderId = o.id AND dl.kind = 'digital') THEN 1 ELSE 0 END) " +
        `FROM ${period} GROUP BY ${ORDER_KEYS.join(', ')}`,
    );
    const lineKeys = [
      ...ORDER_KEYS,
      'l.kind',
      "COALESCE(l.productId, '')",
      'l.productName',
      "COALESCE(l.size, '')",
      'l.unitPriceCents',
    ];
    // An order counts once for a product and size: on its first line of them.
    await runner.query(
      `INSERT INTO sales_days (${columns}) SELECT ${lineKeys.join(', ')}, ` +
        'SUM(CASE WHEN EXISTS (SELECT 1 FROM order_lines f WHERE f.orderId = l.orderId ' +
        "AND f.productName = l.productName AND COALESCE(f.size, '') = COALESCE(l.size, '') " +
        'AND f.id < l.id) THEN 0 ELSE 1 END), ' +
        'SUM(l.quantity), SUM(l.quantity * l.unitPriceCents), 0, 0, 0, 0, 0 ' +
        `FROM ${period} JOIN order_lines l ON l.orderId = o.id GROUP BY ${lineKeys.join(', ')}`,
    );
  } finally {
    await runner.query(
      sqlite ? 'DROP TABLE temp.sales_day_bounds' : 'DROP TEMPORARY TABLE sales_day_bounds',
    );
  }
}

/** A datetime as read back: a Date (MySQL) or the UTC text TypeORM stores (SQLite). */
const instant = (value: Date | string) =>
  value instanceof Date ? value : new Date(`${value.replace(' ', 'T').slice(0, 23)}Z`);

/** An instant as TypeORM stores a datetime: UTC, milliseconds. */
const stored = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 23);

const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const previousDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** Minutes a time zone is ahead of UTC at an instant (as common/dates.ts, fixed here). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a date begins in a time zone (as common/dates.ts, fixed here). */
function startOfDayIn(timeZone: string, date: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let guess = midnightUtc - offsetMinutes(timeZone, new Date(midnightUtc)) * 60_000;
  guess = midnightUtc - offsetMinutes(timeZone, new Date(guess)) * 60_000;
  return new Date(guess);
}
