import type { SelectQueryBuilder } from 'typeorm';
import type { Order as OrderView, OrderLine as OrderLineView } from '@artist/contracts';
import type { KeysetPage } from '../../lists/list.js';
import { lineView } from './order-lines.js';
import { OrderLine } from './order-line.entity.js';
import { Order } from './order.entity.js';

/** Orders read per page of the lines' export: a few thousand lines, a few MB at most. */
export const LINE_EXPORT_ORDERS = 2000;

/** The line's columns the CSV shows. */
const LINE_FIELDS = [
  'id',
  'productId',
  'productName',
  'size',
  'kind',
  'quantity',
  'unitPriceCents',
  'discountCents',
  'taxCents',
  'refundedQuantity',
  'shippedQuantity',
] as const;

/** A row of the lines' CSV: what it shows of the order, and the line. */
export interface ExportedLine {
  order: Pick<OrderView, 'id' | 'createdAt' | 'customerName' | 'email'>;
  line: OrderLineView;
}

/**
 * One page of the one-row-per-line export, by keyset over (orderId, lineId): the next matching
 * orders after the last one read, by id on the primary key (the list's filter and search as
 * `matching`), then their lines by the lines' index by order with the orders' columns beside them (one raw
 * read, no entities made), in the order's id and the line's.
 * Only the columns the CSV shows are read; the next page starts after this page's last order.
 */
export async function exportedLinesAfter(
  matching: SelectQueryBuilder<Order>,
  afterOrderId: number | undefined,
): Promise<KeysetPage<ExportedLine, number>> {
  const alias = matching.alias;
  if (afterOrderId !== undefined)
    matching.andWhere(`${alias}.id > :afterOrderId`, { afterOrderId });
  const ids = (
    await matching
      .select(`${alias}.id`, 'id')
      .orderBy(`${alias}.id`, 'ASC')
      .limit(LINE_EXPORT_ORDERS)
      .getRawMany<{ id: number | string }>()
  ).map((row) => Number(row.id));
  if (ids.length === 0) return { rows: [], next: undefined };
  // The page's orders and their lines in one read, raw: the lines by their index by order,
  // each order's columns beside them, converted as the entities' columns are.
  const connection = matching.connection;
  const createdAt = connection.getMetadata(Order).findColumnWithPropertyName('createdAt')!;
  // The line's number columns, as its entity declares them (MySQL may hand some back as text).
  const lineColumns = connection.getMetadata(OrderLine);
  const numberFields = new Set(
    LINE_FIELDS.filter((field) => {
      const { type } = lineColumns.findColumnWithPropertyName(field)!;
      return type === Number || type === 'integer';
    }),
  );
  const raw = await connection
    .createQueryBuilder(OrderLine, 'l')
    .innerJoin(Order, 'o', 'o.id = l.orderId')
    .select('o.id', 'orderId')
    .addSelect('o.createdAt', 'createdAt')
    .addSelect('o.customerName', 'customerName')
    .addSelect('o.email', 'email')
    .addSelect(LINE_FIELDS.map((field) => `l.${field}`))
    .where('l.orderId IN (:...ids)', { ids })
    .orderBy('l.orderId', 'ASC')
    .addOrderBy('l.id', 'ASC')
    .getRawMany<Record<string, unknown>>();
  const rows: ExportedLine[] = raw.map((row) => {
    const line = Object.fromEntries(
      LINE_FIELDS.map((field) => {
        const value = row[`l_${field}`];
        return [field, numberFields.has(field) ? Number(value ?? 0) : value];
      }),
    ) as unknown as OrderLine;
    return {
      order: {
        id: Number(row.orderId),
        createdAt: (
          connection.driver.prepareHydratedValue(row.createdAt, createdAt) as Date
        ).toISOString(),
        customerName: (row.customerName as string | null) ?? null,
        email: row.email as string,
      },
      line: lineView(line),
    };
  });
  return {
    rows,
    next: ids.length < LINE_EXPORT_ORDERS ? undefined : ids[ids.length - 1],
  };
}
