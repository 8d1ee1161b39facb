import { Column, Entity, Index } from 'typeorm';
import { FanRecord } from '../../common/fan-record.js';
import { DateTimeColumn } from '../../database/datetime.js';
import { EmailColumn, LinkTokenColumn } from '../../database/exact-text.js';

/**
 * A fan's membership: one Stripe subscription, made by whichever of its events comes first
 * (`checkout.session.completed`, `customer.subscription.*`, `invoice.*`) and completed by the
 * others, so events converge in any order.
 */
@Entity('memberships')
@Index('IDX_memberships_status', ['status'])
@Index('IDX_memberships_email', ['email'])
export class Membership extends FanRecord {
  /** Null until the checkout's completion names her (an earlier event may come first). */
  @EmailColumn({ nullable: true })
  email: string | null;

  @Column({ type: 'integer', nullable: true })
  tierId: number | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  interval: string | null;

  /** What she pays each interval, fixed when she joined (or as Stripe's subscription says). */
  @Column({ type: 'integer', nullable: true })
  priceCents: number | null;

  /** `MembershipStatus`. */
  @Column({ type: 'varchar', length: 20 })
  status: string;

  @Index('IDX_memberships_subscriptionId', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  subscriptionId: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  customerId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  checkoutSessionId: string | null;

  @DateTimeColumn({ nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @DateTimeColumn({ nullable: true })
  startedAt: Date | null;

  @DateTimeColumn({ nullable: true })
  endedAt: Date | null;

  /**
   * The `created` (seconds) of the latest Stripe event whose state the row holds: an older
   * event arriving late does not undo a newer one's status, period or price.
   */
  @Column({ type: 'integer', default: 0 })
  stateAt: number;

  /** The last declined invoice she was emailed about: one email per invoice, however retried. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  declinedInvoiceId: string | null;

  /** Of the "update your card" link in that email, which opens Stripe's billing portal. */
  @Index('IDX_memberships_cardToken', { unique: true })
  @LinkTokenColumn({ nullable: true })
  cardToken: string | null;

  @DateTimeColumn()
  createdAt: Date;
}
