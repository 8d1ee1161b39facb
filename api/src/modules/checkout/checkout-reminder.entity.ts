import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { EmailColumn } from '../../database/exact-text.js';

/** waiting: due at `dueAt`; sent: queued in the outbox; skipped: paid since, or one this week. */
export type CheckoutReminderState = 'waiting' | 'sent' | 'skipped';

/**
 * The reminder of one abandoned Stripe checkout, to a buyer who agreed to promotional emails and
 * left an address. Personal data: the fans export and erase reach it by `email`. Rows go
 * RECOVERY_DAYS after the checkout expired, with the recovery link.
 */
@Entity('checkout_reminders')
@Index('IDX_checkout_reminders_state_dueAt', ['state', 'dueAt'])
@Index('IDX_checkout_reminders_email', ['email'])
export class CheckoutReminder {
  /** The expired checkout session (`checkout_sessions.sessionId`). */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sessionId: string;

  /** The buyer's address as Stripe collected it, normalised as orders store theirs. */
  @EmailColumn()
  email: string;

  /** Stripe's `after_expiration.recovery.url`: a new session with the same cart. */
  @Column({ type: 'text' })
  recoveryUrl: string;

  @Column({ type: 'varchar', length: 10, default: 'waiting' })
  state: CheckoutReminderState;

  /** Why it was skipped, in a few words; null otherwise. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  reason: string | null;

  /** When the checkout was opened: an order of the same address since then means no reminder. */
  @EpochMsColumn()
  openedAt: number;

  @EpochMsColumn()
  dueAt: number;

  @EpochMsColumn()
  createdAt: number;
}
