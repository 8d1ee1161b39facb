import { Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../database/datetime.js';
import { EXACT_COLLATION } from '../../database/exact-text.js';

/**
 * A membership checkout being opened for an address: held while Stripe makes the session, so of
 * two joins of one address at once only one gets a payment page.
 */
@Entity('membership_checkouts')
export class MembershipCheckout {
  @PrimaryColumn({ type: 'varchar', length: 320, collation: EXACT_COLLATION })
  email: string;

  @DateTimeColumn()
  startedAt: Date;
}
