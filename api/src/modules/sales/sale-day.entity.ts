import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The sales of one day in the artist's time zone, kept as they happen (`SalesDays`): for one
 * kind of order that day (channel, show, where sold, payment status, test, recovered), either
 * the orders' own figures (`kind` 'order') or what they sold of one product line (`kind` its
 * line's kind: its product, name, size and unit price). Keys are never null, so one row is one
 * key on both databases: 0 for no show, '' for no location, product or size. Cents.
 */
@Entity('sales_days')
@Index(
  'IDX_sales_days_key',
  [
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
  ],
  { unique: true },
)
@Index('IDX_sales_days_showId', ['showId'])
export class SaleDay {
  @PrimaryGeneratedColumn()
  id: number;

  /** YYYY-MM-DD in the artist's time zone. */
  @Column({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'varchar', length: 20 })
  salesChannel: string;

  /** The show an in-person sale was made at; 0 for none. */
  @Column({ type: 'integer', default: 0 })
  showId: number;

  /** Where an in-person sale was made, as typed; '' online. */
  @Column({ type: 'varchar', length: 200, default: '' })
  showLocation: string;

  @Column({ type: 'varchar', length: 30 })
  paymentStatus: string;

  @Column({ type: 'boolean', default: false })
  testMode: boolean;

  @Column({ type: 'boolean', default: false })
  recovered: boolean;

  /** 'order' for the orders' own figures, else the kind of the line (physical, digital …). */
  @Column({ type: 'varchar', length: 10 })
  kind: string;

  @Column({ type: 'varchar', length: 60, default: '' })
  productId: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  productName: string;

  @Column({ type: 'varchar', length: 12, default: '' })
  size: string;

  @Column({ type: 'integer', default: 0 })
  unitPriceCents: number;

  /** Orders; on a line's row, the orders with such a product and size (each once). */
  @Column({ type: 'integer', default: 0 })
  orders: number;

  /** Items sold (a line's row). */
  @Column({ type: 'integer', default: 0 })
  quantity: number;

  /** The orders' totals; on a line's row, its quantity times its unit price. */
  @Column({ type: 'integer', default: 0 })
  grossCents: number;

  /** Refunded, at most each order's total (all of it for a refunded order). */
  @Column({ type: 'integer', default: 0 })
  refundedCents: number;

  @Column({ type: 'integer', default: 0 })
  discountCents: number;

  @Column({ type: 'integer', default: 0 })
  discountedOrders: number;

  @Column({ type: 'integer', default: 0 })
  taxCents: number;

  /** Orders with a release line. */
  @Column({ type: 'integer', default: 0 })
  digitalOrders: number;
}
