import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../common/domain-events.js';
import type { SoldOrder } from '../../common/events.js';
import { dateIn } from '../../common/dates.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { TableVersions } from '../../database/table-versions.js';
import { Transactions } from '../../database/transaction.js';
import {
  fillSalesDays,
  SALES_DAY_KEY,
} from '../../database/migrations/1768800000400-KeepDailySales.js';
import { SaleDay } from './sale-day.entity.js';

/** The kept days' table, written here in raw SQL. */
export const SALES_DAYS = 'sales_days';

type Key = Pick<SaleDay, (typeof SALES_DAY_KEY)[number]>;
/** What a kept day adds up. */
export const SALES_DAY_FIGURES = [
  'orders',
  'quantity',
  'grossCents',
  'refundedCents',
  'discountCents',
  'discountedOrders',
  'taxCents',
  'digitalOrders',
] as const;
type Figures = Pick<SaleDay, (typeof SALES_DAY_FIGURES)[number]>;
type Row = Key & Figures;

const none = (): Figures => ({
  orders: 0,
  quantity: 0,
  grossCents: 0,
  refundedCents: 0,
  discountCents: 0,
  discountedOrders: 0,
  taxCents: 0,
  digitalOrders: 0,
});

/**
 * Keeps the sales report's daily figures (`sales_days`) in step with the orders: each order event
 * takes what the order added before (if anything) away and adds what it adds now, in the
 * publisher's transaction, so the figures commit or roll back with the sale. The rows touched
 * are upserted in key order, each an addition the database makes (`orders = orders + …`), so
 * two checkouts at once each add theirs.
 */
@Injectable()
export class SalesDays implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly versions: TableVersions,
  ) {}

  onModuleInit(): void {
    this.events.on('OrderPaid', async (manager, { sold }) => {
      await this.change(manager, null, sold);
      return [];
    });
    this.events.on('OrderRefunded', (manager, { before, after }) =>
      this.change(manager, before, after),
    );
    this.events.on('OrderDisputed', (manager, { before, after }) =>
      this.change(manager, before, after),
    );
  }

  /** Takes `before`'s figures away and adds `after`'s, in the caller's transaction. */
  async change(
    manager: EntityManager,
    before: SoldOrder | null,
    after: SoldOrder | null,
  ): Promise<void> {
    const deltas = new Map<string, Row>();
    const add = (order: SoldOrder, sign: 1 | -1) => {
      for (const row of rowsOf(order, this.config.timeZone)) {
        const id = keyOf(row);
        const delta = deltas.get(id) ?? { ...row, ...none() };
        for (const figure of SALES_DAY_FIGURES) delta[figure] += sign * row[figure];
        deltas.set(id, delta);
      }
    };
    if (before) add(before, -1);
    if (after) add(after, 1);
    const rows = [...deltas]
      .filter(([, row]) => SALES_DAY_FIGURES.some((figure) => row[figure] !== 0))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
    if (!rows.length) return;
    await upsert(manager, rows);
    // The report kept from these rows (`SalesService`) is worked out again.
    this.versions.wrote(manager, SALES_DAYS);
  }

  /**
   * Works the figures out again from every order and its lines (the migration's fill): after
   * orders were written under the site, by a bulk import or a restore of an older copy.
   */
  rebuild(): Promise<void> {
    return this.transactions.run(async (manager) => {
      // The delete, through TypeORM, marks the table written for the fill's commit too.
      await manager.createQueryBuilder().delete().from(SaleDay).execute();
      await fillSalesDays(manager, this.config.timeZone);
    });
  }
}

/** What an order adds to the kept figures: its own row, and one per product line it sold. */
export function rowsOf(order: SoldOrder, timeZone: string): Row[] {
  const keys = {
    day: dateIn(timeZone, order.createdAt),
    salesChannel: order.salesChannel,
    showId: order.showId ?? 0,
    showLocation: order.salesChannel === 'in-person' ? (order.showLocation ?? '') : '',
    paymentStatus: order.paymentStatus,
    testMode: order.testMode,
    recovered: order.recovered,
  };
  const refunded =
    order.paymentStatus === 'refunded' || order.refundedAmount > order.total
      ? order.total
      : order.refundedAmount;
  const rows = new Map<string, Row>();
  rows.set('order', {
    ...keys,
    kind: 'order',
    productId: '',
    productName: '',
    size: '',
    unitPriceCents: 0,
    ...none(),
    orders: 1,
    grossCents: order.total,
    refundedCents: refunded,
    discountCents: order.discountAmount,
    discountedOrders: order.discountAmount > 0 ? 1 : 0,
    taxCents: order.taxAmount,
    digitalOrders: order.lines.some((line) => line.kind === 'digital') ? 1 : 0,
  });
  // An order counts once for a product and size: on its first line of them.
  const counted = new Set<string>();
  for (const line of [...order.lines].sort((a, b) => a.id - b.id)) {
    const row: Row = {
      ...keys,
      kind: line.kind,
      productId: line.productId ?? '',
      productName: line.productName,
      size: line.size ?? '',
      unitPriceCents: line.unitPriceCents,
      ...none(),
    };
    const id = keyOf(row);
    const kept = rows.get(id) ?? row;
    const product = `${line.productName}\u0000${line.size ?? ''}`;
    if (!counted.has(product)) kept.orders += 1;
    counted.add(product);
    kept.quantity += line.quantity;
    kept.grossCents += line.quantity * line.unitPriceCents;
    rows.set(id, kept);
  }
  return [...rows.values()];
}

const keyOf = (row: Key) => JSON.stringify(SALES_DAY_KEY.map((column) => row[column]));

/** Adds the rows' figures to those kept under their keys, a row made where there is none. */
async function upsert(manager: EntityManager, rows: Row[]): Promise<void> {
  const driver = manager.connection.driver;
  const sqlite = manager.connection.options.type === 'better-sqlite3';
  const columns = [...SALES_DAY_KEY, ...SALES_DAY_FIGURES];
  const names = columns.map((column) => driver.escape(column));
  const sums = SALES_DAY_FIGURES.map((figure) => {
    const name = driver.escape(figure);
    return sqlite ? `${name} = ${name} + excluded.${name}` : `${name} = ${name} + VALUES(${name})`;
  });
  const conflict = sqlite
    ? `ON CONFLICT (${SALES_DAY_KEY.map((column) => driver.escape(column)).join(', ')}) DO UPDATE SET`
    : 'ON DUPLICATE KEY UPDATE';
  const values = rows.map((row) =>
    columns.map((column) => {
      const value = row[column];
      return typeof value === 'boolean' ? Number(value) : value;
    }),
  );
  await manager.query(
    `INSERT INTO ${driver.escape(SALES_DAYS)} (${names.join(', ')}) VALUES ` +
      `${rows.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')} ` +
      `${conflict} ${sums.join(', ')}`,
    values.flat(),
  );
}
