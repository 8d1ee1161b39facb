import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { DateTimeColumn, CreatedAtColumn, UpdatedAtColumn } from '../../database/datetime.js';

/** A discount code the artist made. Money in cents. */
@Entity('discount_codes')
export class DiscountCodeRecord {
  @PrimaryGeneratedColumn()
  id: number;

  /** Upper case, so a code is found whatever case the buyer types. */
  @Index('IDX_discount_codes_code', { unique: true })
  @Column({ type: 'varchar', length: 30 })
  code: string;

  @Column({ type: 'integer', nullable: true })
  percentOff: number | null;

  @Column({ type: 'integer', nullable: true })
  amountOffCents: number | null;

  @Column({ type: 'integer', nullable: true })
  minSubtotalCents: number | null;

  @DateTimeColumn({ nullable: true })
  startsAt: Date | null;

  @DateTimeColumn({ nullable: true })
  endsAt: Date | null;

  @Column({ type: 'integer', nullable: true })
  maxUses: number | null;

  @Column({ type: 'boolean', default: false })
  oncePerEmail: boolean;

  /** JSON text of the product ids it is limited to; null for the whole cart. */
  @Column({ type: 'text', nullable: true })
  productIds: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Paid orders that used it. */
  @Column({ type: 'integer', default: 0 })
  uses: number;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}

export type DiscountHoldState = 'held' | 'used' | 'released';

/**
 * A use of a code by one checkout session: held while the session is open (counted against the
 * code's limit until it expires), used once it is paid, released when it closes unpaid.
 */
@Entity('discount_holds')
@Index('IDX_discount_holds_discountId_state', ['discountId', 'state'])
@Index('IDX_discount_holds_discountId_emailKey', ['discountId', 'emailKey'])
export class DiscountHold {
  /** The provider's session id, or `pending:…` until the session exists. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sessionId: string;

  @Column({ type: 'integer' })
  discountId: number;

  /** The buyer's email, normalised, for a code that may be used once per email. */
  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  /**
   * The mailbox that address delivers to (`mailboxKey`: `fan+1@` is `fan@`), which the
   * once-per-email check compares.
   */
  @Column({ type: 'varchar', length: 320, nullable: true })
  emailKey: string | null;

  @Column({ type: 'varchar', length: 10, default: 'held' })
  state: DiscountHoldState;

  /** When the session stops taking payment (epoch ms); a hold past it no longer counts. */
  @EpochMsColumn()
  expiresAt: number;
}
