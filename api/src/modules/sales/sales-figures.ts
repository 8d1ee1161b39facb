import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { SALES_DAY_KEY } from '../../database/migrations/1768800000400-KeepDailySales.js';
import type { SaleDay } from './sale-day.entity.js';
import { SALES_DAY_FIGURES } from './sales-days.js';

/**
 * The period the sales report adds up: its days `from` to `to` (YYYY-MM-DD in the artist's time
 * zone, both included), in parts (the report's months) that begin on `partStarts` (the first
 * part on `from`). A sale made in person at a show counts in the part of the show's date,
 * whenever it was entered: `showParts` gives each such show's part, or -1 for a show outside the
 * period (its sales are left out); a sale at a show not named there (deleted since) counts on
 * the day it was made.
 */
export interface SalesPeriod {
  from: string;
  to: string;
  partStarts: string[];
  showParts: Map<number, number>;
}

/** What a group of orders alike adds to the report. */
export interface OrderGroup {
  /** The period's part (month) it counts in. */
  part: number;
  salesChannel: string;
  showId: number | null;
  /** In person only: where the sale was made, as typed. */
  showLocation: string | null;
  paymentStatus: string;
  testMode: boolean;
  recovered: boolean;
  orders: number;
  totalCents: number;
  /** Refunded, at most each order's total (all of it for a `refunded` order). */
  refundedCents: number;
  discountCents: number;
  discountedOrders: number;
  taxCents: number;
}

/** What the lines of one product and size add to a group of orders alike. */
export interface LineGroup extends Pick<
  OrderGroup,
  'part' | 'salesChannel' | 'showId' | 'showLocation' | 'paymentStatus' | 'testMode'
> {
  productName: string;
  size: string | null;
  /** Orders with such a line (each order is in one group, so these add up across groups). */
  orders: number;
  quantity: number;
  cents: number;
}

/** The release lines of sold orders: how many orders had one, and copies by product and price. */
export interface DigitalFigures {
  orders: number;
  byPrice: { productId: string | null; unitPriceCents: number; quantity: number }[];
}

export interface SalesFigures {
  orders: OrderGroup[];
  lines: LineGroup[];
  digital: DigitalFigures;
}

/** The period's part a kept day's row counts in, -1 for none: SQL over `d`, with parameters. */
function partOf(period: SalesPeriod): { sql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { from: period.from, to: period.to };
  const whens: string[] = [];
  const showsByPart = new Map<number, number[]>();
  for (const [showId, part] of period.showParts) {
    showsByPart.set(part, [...(showsByPart.get(part) ?? []), showId]);
  }
  for (const [part, ids] of showsByPart) {
    const name = `showsOfPart${part < 0 ? 'None' : part}`;
    params[name] = ids;
    whens.push(`WHEN d.salesChannel = 'in-person' AND d.showId IN (:...${name}) THEN ${part}`);
  }
  whens.push('WHEN d.day < :from OR d.day > :to THEN -1');
  period.partStarts.forEach((day, i) => {
    params[`partStart${i}`] = day;
    whens.push(`WHEN d.day < :partStart${i} THEN ${i}`);
  });
  return {
    sql: `(CASE ${whens.join(' ')} ELSE ${period.partStarts.length} END)`,
    params,
  };
}

/**
 * The kept days of the period, as two selections that share no row, each one index range: the
 * days of the period (by the key's leading day) but the sales in person at one of its shows,
 * and those (by the show).
 */
function periodSelections(period: SalesPeriod): ((qb: SelectQueryBuilder<SaleDay>) => void)[] {
  const shows = [...period.showParts].filter(([, part]) => part >= 0).map(([id]) => id);
  const byDay = (qb: SelectQueryBuilder<SaleDay>) => {
    qb.andWhere('d.day >= :from AND d.day <= :to', { from: period.from, to: period.to });
    if (shows.length)
      qb.andWhere("(d.salesChannel <> 'in-person' OR d.showId NOT IN (:...periodShows))", {
        periodShows: shows,
      });
  };
  const byShow = (qb: SelectQueryBuilder<SaleDay>) => {
    qb.andWhere("d.salesChannel = 'in-person' AND d.showId IN (:...periodShows)", {
      periodShows: shows,
    });
  };
  return shows.length ? [byDay, byShow] : [byDay];
}

/** The order's keys its groups share, each with the name it is read under. */
const ORDER_KEY_COLUMNS: [sql: string, name: string][] = [
  ['d.salesChannel', 'salesChannel'],
  ['d.showId', 'showId'],
  ['d.showLocation', 'showLocation'],
  ['d.paymentStatus', 'paymentStatus'],
  ['d.testMode', 'testMode'],
];
const ORDER_KEYS = ORDER_KEY_COLUMNS.map(([sql]) => sql);

/** Selects the period's part and the order's keys: the start of every grouped query. */
function selectOrderKeys<Q extends SelectQueryBuilder<ObjectLiteral>>(qb: Q, partSql: string): Q {
  qb.select(partSql, 'periodPart');
  for (const [sql, name] of ORDER_KEY_COLUMNS) qb.addSelect(sql, name);
  return qb;
}

const number = (value: unknown) => Number(value ?? 0);
/** A group with something in it: a key whose orders all moved to another (a refund) adds none. */
const counts = (row: Record<string, unknown>) =>
  ['orders', 'grossCents', 'refundedCents', 'discountCents', 'taxCents'].some(
    (figure) => number(row[figure]) !== 0,
  );
const flag = (value: unknown) => value === true || Number(value) === 1;

/** The kept day's keys beyond the day and the order's: `recovered`, a line's kind and product. */
const KEPT_KEY_COLUMNS = SALES_DAY_KEY.filter(
  (column) => column !== 'day' && !ORDER_KEY_COLUMNS.some(([, name]) => name === column),
);

/**
 * The sales report's figures over a period, from the kept days (`sales_days`): the period's
 * orders in groups alike (part, channel, show, status, test, recovered), their lines in the same
 * groups by product and size, and the release lines of sold orders. A day holds a few dozen rows
 * whatever its number of orders, so a year is some thousands of rows, added up by the database
 * in one pass by month and key (a few hundred groups), which are sorted here into the three
 * breakdowns: each of the period's rows is read once, not once per breakdown.
 */
export async function keptFigures(
  days: Repository<SaleDay>,
  period: SalesPeriod,
): Promise<SalesFigures> {
  const part = partOf(period);
  const rows: Record<string, unknown>[] = [];
  for (const select of periodSelections(period)) {
    const qb = days.createQueryBuilder('d').where('1 = 1');
    select(qb);
    selectOrderKeys(qb.setParameters(part.params), part.sql);
    for (const column of KEPT_KEY_COLUMNS) qb.addSelect(`d.${column}`, column);
    for (const figure of SALES_DAY_FIGURES) qb.addSelect(`SUM(d.${figure})`, figure);
    qb.groupBy('periodPart').addGroupBy(ORDER_KEYS.join(', '));
    for (const column of KEPT_KEY_COLUMNS) qb.addGroupBy(`d.${column}`);
    rows.push(...(await qb.getRawMany<Record<string, unknown>>()));
  }
  // The groups come by month and whole key; the report adds them up by the parts it shows.
  const orderRows = rows.filter((row) => row.kind === 'order');
  const lineRows = rows.filter((row) => row.kind !== 'order');
  const sold = (row: Record<string, unknown>) =>
    row.paymentStatus !== 'refunded' && !flag(row.testMode) && number(row.periodPart) >= 0;
  const byPrice = rows.filter((row) => row.kind === 'digital' && sold(row));
  const digitalOrders = rows
    .filter((row) => row.kind === 'order' && sold(row))
    .reduce((sum, row) => sum + number(row.digitalOrders), 0);

  const keys = (row: Record<string, unknown>) => ({
    part: number(row.periodPart),
    salesChannel: String(row.salesChannel),
    showId: number(row.showId) === 0 ? null : number(row.showId),
    showLocation: row.salesChannel === 'in-person' ? String(row.showLocation ?? '') : null,
    paymentStatus: String(row.paymentStatus),
    testMode: flag(row.testMode),
  });
  const prices = new Map<
    string,
    { productId: string | null; unitPriceCents: number; quantity: number }
  >();
  for (const row of byPrice) {
    const productId = row.productId ? String(row.productId) : null;
    const unitPriceCents = number(row.unitPriceCents);
    const id = `${productId}\u0000${unitPriceCents}`;
    const price = prices.get(id) ?? { productId, unitPriceCents, quantity: 0 };
    price.quantity += number(row.quantity);
    prices.set(id, price);
  }
  return {
    orders: orderRows.filter(counts).map((row) => ({
      ...keys(row),
      recovered: flag(row.recovered),
      orders: number(row.orders),
      totalCents: number(row.grossCents),
      refundedCents: number(row.refundedCents),
      discountCents: number(row.discountCents),
      discountedOrders: number(row.discountedOrders),
      taxCents: number(row.taxCents),
    })),
    lines: lineRows
      .map((row) => ({
        ...keys(row),
        productName: String(row.productName),
        size: row.size ? String(row.size) : null,
        orders: number(row.orders),
        quantity: number(row.quantity),
        cents: number(row.grossCents),
      }))
      .filter((group) => group.orders !== 0 || group.quantity !== 0 || group.cents !== 0),
    digital: {
      orders: digitalOrders,
      byPrice: [...prices.values()].filter((price) => price.quantity !== 0),
    },
  };
}
