import { Brackets, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import { OrderLine } from './order-line.entity.js';
import { Order } from './order.entity.js';

/**
 * The period the sales report adds up, in the database's terms: from `start` until before `end`,
 * in parts (the report's months) that begin at `partStarts` (the first part at `start`). A sale
 * made in person at a show counts in the part of the show's date, whenever it was entered:
 * `showParts` gives each such show's part, or -1 for a show outside the period (its sales are
 * left out); a sale at a show not named there (deleted since) counts when it was made.
 */
export interface SalesPeriod {
  start: Date;
  end: Date;
  partStarts: Date[];
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

/** The period's part an order counts in, -1 for none: SQL over the order `o`, with parameters. */
function partOf(period: SalesPeriod): { sql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { start: period.start, end: period.end };
  const whens: string[] = [];
  const showsByPart = new Map<number, number[]>();
  for (const [showId, part] of period.showParts) {
    showsByPart.set(part, [...(showsByPart.get(part) ?? []), showId]);
  }
  for (const [part, ids] of showsByPart) {
    const name = `showsOfPart${part < 0 ? 'None' : part}`;
    params[name] = ids;
    whens.push(`WHEN o.salesChannel = 'in-person' AND o.showId IN (:...${name}) THEN ${part}`);
  }
  whens.push('WHEN o.createdAt < :start OR o.createdAt >= :end THEN -1');
  period.partStarts.forEach((at, i) => {
    params[`partStart${i}`] = at;
    whens.push(`WHEN o.createdAt < :partStart${i} THEN ${i}`);
  });
  return {
    sql: `(CASE ${whens.join(' ')} ELSE ${period.partStarts.length} END)`,
    params,
  };
}

/**
 * The orders of the period, as two selections that share no order, each read from one index
 * range: the orders made in it (by `IDX_orders_sales`, the date first) but those sold in person
 * at one of its shows, and those (by the show). Their groups are added up as they come.
 */
function periodSelections(period: SalesPeriod): ((qb: SelectQueryBuilder<never>) => void)[] {
  const shows = [...period.showParts].filter(([, part]) => part >= 0).map(([id]) => id);
  const byDate = (qb: SelectQueryBuilder<never>) => {
    qb.where('o.createdAt >= :start AND o.createdAt < :end', {
      start: period.start,
      end: period.end,
    });
    if (shows.length)
      qb.andWhere(
        new Brackets((where) =>
          where
            .where("o.salesChannel <> 'in-person'")
            .orWhere('o.showId IS NULL')
            .orWhere('o.showId NOT IN (:...periodShows)', { periodShows: shows }),
        ),
      );
  };
  const byShow = (qb: SelectQueryBuilder<never>) => {
    qb.where("o.salesChannel = 'in-person' AND o.showId IN (:...periodShows)", {
      periodShows: shows,
    });
  };
  return shows.length ? [byDate, byShow] : [byDate];
}

/** Where an in-person sale was made, for the report's shows; null for an online order. */
const LOCATION = "(CASE WHEN o.salesChannel = 'in-person' THEN o.showLocation END)";
/** The order's keys its groups share, each with the name it is read under. */
const ORDER_KEY_COLUMNS: [sql: string, name: string][] = [
  ['o.salesChannel', 'salesChannel'],
  ['o.showId', 'showId'],
  [LOCATION, 'showLocation'],
  ['o.paymentStatus', 'paymentStatus'],
  ['o.testMode', 'testMode'],
];
const ORDER_KEYS = ORDER_KEY_COLUMNS.map(([sql]) => sql);

/** Selects the period's part and the order's keys: the start of every grouped query. */
function selectOrderKeys<Q extends SelectQueryBuilder<ObjectLiteral>>(qb: Q, partSql: string): Q {
  qb.select(partSql, 'periodPart');
  for (const [sql, name] of ORDER_KEY_COLUMNS) qb.addSelect(sql, name);
  return qb;
}

const number = (value: unknown) => Number(value ?? 0);
const flag = (value: unknown) => value === true || Number(value) === 1;

/**
 * The sales report's figures over a period, added up by the database: the period's orders in
 * groups alike (part, channel, show, status, test, recovered), their lines in the same groups by
 * product and size, and the release lines of sold orders. Read from the orders' index by date
 * (and by show) and the lines' index by order; a few hundred groups come back, not the rows.
 */
export async function salesFigures(
  orders: Repository<Order>,
  period: SalesPeriod,
): Promise<SalesFigures> {
  const part = partOf(period);
  const manager = orders.manager;
  const selections = periodSelections(period);
  /** The rows of a query over each selection, one after the other. */
  const over = async <Q extends SelectQueryBuilder<ObjectLiteral>>(
    query: () => Q,
    read: (qb: Q) => Promise<Record<string, unknown>[]>,
  ) => {
    const rows: Record<string, unknown>[] = [];
    for (const select of selections) {
      const qb = query();
      select(qb as unknown as SelectQueryBuilder<never>);
      rows.push(...(await read(qb)));
    }
    return rows;
  };
  const orderRows = await over(
    () => orders.createQueryBuilder('o'),
    (qb) =>
      selectOrderKeys(qb, part.sql)
        .addSelect('o.recovered', 'recovered')
        .addSelect('COUNT(*)', 'orders')
        .addSelect('SUM(o.total)', 'totalCents')
        .addSelect(
          "SUM(CASE WHEN o.paymentStatus = 'refunded' OR o.refundedAmount > o.total " +
            'THEN o.total ELSE o.refundedAmount END)',
          'refundedCents',
        )
        .addSelect('SUM(o.discountAmount)', 'discountCents')
        .addSelect('SUM(CASE WHEN o.discountAmount > 0 THEN 1 ELSE 0 END)', 'discountedOrders')
        .addSelect('SUM(o.taxAmount)', 'taxCents')
        .setParameters(part.params)
        .groupBy('periodPart')
        .addGroupBy(ORDER_KEYS.join(', '))
        .addGroupBy('o.recovered')
        .getRawMany<Record<string, unknown>>(),
  );

  const lineRows = await over(
    () => manager.createQueryBuilder(Order, 'o').innerJoin(OrderLine, 'l', 'l.orderId = o.id'),
    (qb) =>
      selectOrderKeys(qb, part.sql)
        .addSelect('l.productName', 'productName')
        .addSelect('l.size', 'size')
        .addSelect('COUNT(DISTINCT l.orderId)', 'orders')
        .addSelect('SUM(l.quantity)', 'quantity')
        .addSelect('SUM(l.quantity * l.unitPriceCents)', 'cents')
        .setParameters(part.params)
        .groupBy('periodPart')
        .addGroupBy(ORDER_KEYS.join(', '))
        .addGroupBy('l.productName')
        .addGroupBy('l.size')
        .getRawMany<Record<string, unknown>>(),
  );

  // Release lines are few: found by the lines' index by kind, their orders by id.
  const soldReleases = () =>
    manager.createQueryBuilder(OrderLine, 'l').innerJoin(Order, 'o', 'o.id = l.orderId');
  const released = (qb: SelectQueryBuilder<OrderLine>) =>
    qb
      .andWhere("l.kind = 'digital'")
      .andWhere("o.paymentStatus <> 'refunded'")
      .andWhere('o.testMode = 0')
      .andWhere(`${part.sql} >= 0`)
      .setParameters(part.params);
  const digitalOrders = (
    await over(soldReleases, (qb) =>
      released(qb)
        .select('COUNT(DISTINCT l.orderId)', 'orders')
        .getRawMany<Record<string, unknown>>(),
    )
  ).reduce((sum, row) => sum + number(row.orders), 0);
  const byPrice = await over(soldReleases, (qb) =>
    released(qb)
      .select('l.productId', 'productId')
      .addSelect('l.unitPriceCents', 'unitPriceCents')
      .addSelect('SUM(l.quantity)', 'quantity')
      .groupBy('l.productId')
      .addGroupBy('l.unitPriceCents')
      .getRawMany<Record<string, unknown>>(),
  );

  const keys = (row: Record<string, unknown>) => ({
    part: number(row.periodPart),
    salesChannel: String(row.salesChannel),
    showId: row.showId === null ? null : number(row.showId),
    showLocation: (row.showLocation as string | null) ?? null,
    paymentStatus: String(row.paymentStatus),
    testMode: flag(row.testMode),
  });
  return {
    orders: orderRows.map((row) => ({
      ...keys(row),
      recovered: flag(row.recovered),
      orders: number(row.orders),
      totalCents: number(row.totalCents),
      refundedCents: number(row.refundedCents),
      discountCents: number(row.discountCents),
      discountedOrders: number(row.discountedOrders),
      taxCents: number(row.taxCents),
    })),
    lines: lineRows.map((row) => ({
      ...keys(row),
      productName: String(row.productName),
      size: (row.size as string | null) ?? null,
      orders: number(row.orders),
      quantity: number(row.quantity),
      cents: number(row.cents),
    })),
    digital: {
      orders: digitalOrders,
      byPrice: byPrice.map((row) => ({
        productId: (row.productId as string | null) ?? null,
        unitPriceCents: number(row.unitPriceCents),
        quantity: number(row.quantity),
      })),
    },
  };
}
