import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/**
 * Membership income: one paid invoice (the first payment or a renewal), for the Sales view. It
 * names no one: a fan's erasure leaves it, for the books.
 */
@Entity('membership_payments')
@Index('IDX_membership_payments_paidAt', ['paidAt'])
export class MembershipPayment {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_membership_payments_invoiceId', { unique: true })
  @Column({ type: 'varchar', length: 255 })
  invoiceId: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'integer', nullable: true })
  tierId: number | null;

  @Column({ type: 'integer' })
  amountCents: number;

  @DateTimeColumn()
  paidAt: Date;
}
