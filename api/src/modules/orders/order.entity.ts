import { Column, Entity, Index } from 'typeorm';
import { EmailColumn } from '../../database/exact-text.js';
import { DateTimeColumn, CreatedAtColumn } from '../../database/datetime.js';
import { FanRecord } from '../../common/fan-record.js';

/** A sale: paid online through checkout, or entered by the artist (manual). Money in cents. */
@Entity('orders')
@Index('IDX_orders_fanId_total', ['fanId', 'total'])
// A product's buyers (fans of its orders not wholly refunded) read from the index alone.
@Index('IDX_orders_fanId_paymentStatus', ['fanId', 'paymentStatus'])
@Index('IDX_orders_createdAt', ['createdAt'])
@Index('IDX_orders_paymentStatus_createdAt', ['paymentStatus', 'createdAt'])
@Index('IDX_orders_fulfillmentStatus_createdAt', ['fulfillmentStatus', 'createdAt'])
@Index('IDX_orders_total', ['total'])
@Index('IDX_orders_paymentStatus', ['paymentStatus'])
@Index('IDX_orders_fulfillmentStatus', ['fulfillmentStatus'])
@Index('IDX_orders_salesChannel', ['salesChannel'])
@Index('IDX_orders_customerSort', ['customerSort'])
// The sales report's columns under the date: a period's orders read from the index alone.
@Index('IDX_orders_sales', [
  'createdAt',
  'salesChannel',
  'showId',
  'paymentStatus',
  'testMode',
  'recovered',
  'total',
  'refundedAmount',
  'discountAmount',
  'taxAmount',
  'showLocation',
])
export class Order extends FanRecord {
  @EmailColumn()
  email: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  customerName: string | null;

  /** Where it ships (the `ship*` columns); all null in person and with nothing to ship. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  shipName: string | null;

  /** An address stored as one line of text before it had columns is kept whole here. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  shipLine1: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  shipLine2: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  shipCity: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  shipState: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  shipPostalCode: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  shipCountry: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  shipPhone: string | null;

  @Column({ type: 'integer' })
  total: number;

  /** The shipping rate paid for ("Standard", "Express"); null for manual and older orders. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  shippingRateName: string | null;

  /** Shipping paid, cents (Stripe's `shipping_cost`); null for manual and older orders. */
  @Column({ type: 'integer', nullable: true })
  shippingAmount: number | null;

  /** The discount code used, upper case, or null. */
  @Column({ type: 'varchar', length: 30, nullable: true })
  discountCode: string | null;

  /** What the code took off, cents (Stripe's `total_details.amount_discount`). */
  @Column({ type: 'integer', default: 0 })
  discountAmount: number;

  /** The payment session id: Stripe's for online orders, 'manual_…' for manual ones. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 255 })
  stripeSessionId: string;

  /** paid, refunded, partially_refunded or disputed (docs/payments.md). */
  @Column({ type: 'varchar', length: 30 })
  paymentStatus: string;

  /** Stripe's payment intent (`pi_…`) of a checkout order; refunds and disputes name it. */
  @Index('IDX_orders_paymentIntentId')
  @Column({ type: 'varchar', length: 255, nullable: true })
  paymentIntentId: string | null;

  /** Cents refunded so far. */
  @Column({ type: 'integer', default: 0 })
  refundedAmount: number;

  /** cash, venmo, zelle, card or other for manual orders; null for checkout. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  paymentMethod: string | null;

  /** Taken by the built-in test payment provider: no money moved. */
  @Column({ type: 'boolean', default: false })
  testMode: boolean;

  @Column({ type: 'varchar', length: 20, default: 'online' })
  salesChannel: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  showLocation: string | null;

  /** The show a merch-table sale was made at, when picked from the shows (no foreign key). */
  @Index('IDX_orders_showId')
  @Column({ type: 'integer', nullable: true })
  showId: number | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  fulfillmentStatus: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  trackingNumber: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @DateTimeColumn({ nullable: true })
  fulfilledAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;

  /** When a refund put the order's items back into stock (once per order). */
  @DateTimeColumn({ nullable: true })
  restockedAt: Date | null;

  /**
   * The fan was erased while this paid order was still to ship: it keeps the name and address
   * until it is fulfilled or refunded, then those are erased too.
   */
  @Column({ type: 'boolean', default: false })
  eraseWhenClosed: boolean;

  /** Some line was on pre-order when it was bought. */
  @Column({ type: 'boolean', default: false })
  preOrder: boolean;

  /** The latest date (YYYY-MM-DD) its pre-order lines ship from. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  preOrderUntil: string | null;

  /** Paid through an abandoned checkout's recovery link (the reminder email's). */
  @Column({ type: 'boolean', default: false })
  recovered: boolean;

  /** Sales tax paid, cents (Stripe's `total_details.amount_tax`); 0 without Stripe Tax. */
  @Column({ type: 'integer', default: 0 })
  taxAmount: number;

  /**
   * The product names its lines sold, each once, one per line of text (`productNamesOf`),
   * written with the lines: the orders list's search finds an order by them through its index.
   */
  @Column({ type: 'text', nullable: true })
  productNames: string | null;

  /**
   * The customer as the list sorts by them: the name, else the address, lower-cased. Worked out
   * by the database (a virtual column, kept only in its index), so a page of half a million
   * orders by customer is read from the index; on MySQL/MariaDB in the table's collation, so "É"
   * sorts beside "E".
   */
  @Column({
    type: 'varchar',
    length: 320,
    generatedType: 'VIRTUAL',
    asExpression: 'LOWER(COALESCE(customerName, email))',
    nullable: true,
    insert: false,
    update: false,
    select: false,
  })
  customerSort: string | null;
}
