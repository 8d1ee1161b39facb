import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';

/** A Stripe Billing event applied: a repeated delivery of the same id changes nothing. */
@Entity('membership_events')
export class MembershipEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  eventId: string;

  @Column({ type: 'varchar', length: 60 })
  type: string;

  @DateTimeColumn()
  receivedAt: Date;
}
