import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/** A tier of membership. Its prices are for new members: a member keeps the price she joined at. */
@Entity('membership_tiers')
export class MembershipTierRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'integer' })
  monthlyPriceCents: number;

  @Column({ type: 'integer', nullable: true })
  yearlyPriceCents: number | null;

  /** `MembershipPerks` as JSON. */
  @Column({ type: 'text' })
  perks: string;

  /** False once closed to new members (DELETE). */
  @Column({ type: 'boolean', default: true })
  open: boolean;

  @DateTimeColumn()
  createdAt: Date;
}
