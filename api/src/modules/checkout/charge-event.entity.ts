import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '../../database/datetime.js';

/**
 * A Stripe event about a payment after checkout (`charge.refunded`, `charge.dispute.created`),
 * kept against its payment intent. An order's payment status is computed from all of them, so
 * they may arrive in any order, twice, or before the order exists.
 */
@Entity('charge_events')
export class ChargeEvent {
  /** Stripe's event id (`evt_…`): a repeated delivery is stored once. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  eventId: string;

  @Index('IDX_charge_events_paymentIntentId')
  @Column({ type: 'varchar', length: 255 })
  paymentIntentId: string;

  @Column({ type: 'varchar', length: 60 })
  type: string;

  /** The charge's amount (or the dispute's), in cents. */
  @Column({ type: 'integer' })
  amount: number;

  /** The charge's refunded cents so far (Stripe's cumulative `amount_refunded`). */
  @Column({ type: 'integer' })
  amountRefunded: number;

  @CreatedAtColumn()
  createdAt: Date;
}
