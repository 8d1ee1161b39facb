import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OrderLineKind } from '@artist/contracts';

/**
 * One line of an order: the product and size sold (by id; null when an older line matched no
 * catalogue product) and a snapshot of what was sold, as it was sold. `discountCents` and
 * `taxCents` are this line's share of the order's discount and tax. Cents.
 */
@Entity('order_lines')
@Index('IDX_order_lines_orderId', ['orderId'])
@Index('IDX_order_lines_productId_orderId', ['productId', 'orderId'])
@Index('IDX_order_lines_kind_orderId', ['kind', 'orderId'])
// The sales report's columns under the order: a period's lines read from the index alone.
@Index('IDX_order_lines_sales', [
  'orderId',
  'kind',
  'productName',
  'size',
  'productId',
  'quantity',
  'unitPriceCents',
])
export class OrderLine {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  orderId: number;

  @Column({ type: 'varchar', length: 60, nullable: true })
  productId: string | null;

  /** The product's variant; null for a release and a line that matched no product. */
  @Column({ type: 'integer', nullable: true })
  variantId: number | null;

  @Column({ type: 'varchar', length: 200 })
  productName: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  size: string | null;

  @Column({ type: 'varchar', length: 10, default: 'physical' })
  kind: OrderLineKind;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'integer' })
  unitPriceCents: number;

  @Column({ type: 'integer', default: 0 })
  discountCents: number;

  @Column({ type: 'integer', default: 0 })
  taxCents: number;

  @Column({ type: 'integer', default: 0 })
  refundedQuantity: number;

  /** How many of it have shipped (the order's shipments); never more than `quantity`. */
  @Column({ type: 'integer', default: 0 })
  shippedQuantity: number;
}
