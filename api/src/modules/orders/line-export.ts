import { In, type SelectQueryBuilder } from 'typeorm';
import type { Order as OrderView, OrderLine as OrderLineView } from '@artist/contracts';
import type { KeysetPage } from '../../lists/list.js';
import { lineView } from './order-lines.js';
import { OrderLine } from './order-line.entity.js';
import { Order } from './order.entity.js';

/** Orders read per page of the lines' export: a few thousand lines, a few MB at most. */
export const LINE_EXPORT_ORDERS = 2000;

/** A row of the lines' CSV: what it shows of the order, and the line. */
export interface ExportedLine {
  order: Pick<OrderView, 'id' | 'createdAt' | 'customerName' | 'email'>;
  line: OrderLineView;
}

/**
 * One page of the one-row-per-line export, by keyset over (orderId, lineId): the next matching
 * orders after the last one read, by id on the primary key (the list's filter and search as
 * `matching`), then their lines by the lines' index by order, in the order's id and the line's.
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
  const manager = matching.connection.manager;
  const orders = await manager.find(Order, {
    select: { id: true, createdAt: true, customerName: true, email: true },
    where: { id: In(ids) },
  });
  const byId = new Map(orders.map((order) => [order.id, order]));
  const lines = await manager.find(OrderLine, {
    where: { orderId: In(ids) },
    order: { orderId: 'ASC', id: 'ASC' },
  });
  const rows: ExportedLine[] = [];
  for (const line of lines) {
    const order = byId.get(line.orderId);
    if (!order) continue;
    rows.push({
      order: {
        id: order.id,
        createdAt: order.createdAt.toISOString(),
        customerName: order.customerName,
        email: order.email,
      },
      line: lineView(line),
    });
  }
  return {
    rows,
    next: ids.length < LINE_EXPORT_ORDERS ? undefined : ids[ids.length - 1],
  };
}
