import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EMAIL_WAITING_PREFIX, type EmailKind, type EmailSubjectType } from '@artist/contracts';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { EmailColumn } from '../../database/exact-text.js';
import { QueuedMessage } from './queued-message.js';

/**
 * The emails a fan's form post can cause, to any address typed into it: each mailbox gets at most
 * MAILBOX_EMAILS_PER_DAY of them, and the whole site sends at most CONFIRMATION_EMAILS_PER_HOUR.
 */
export const FAN_TRIGGERED_KINDS: readonly EmailKind[] = [
  'newsletter-confirm',
  'notify-confirm',
  'back-in-stock',
];

/** What the admin sees on an email held back by the site's hourly cap. */
export const HOURLY_LIMIT_REASON = `${EMAIL_WAITING_PREFIX} the hourly limit of confirmation emails was reached; it goes out in the next hour.`;

/**
 * queued: waiting for the sender (or for its next attempt); held: no SMTP server is configured;
 * sent: the SMTP server accepted it; failed: refused for good, or still undelivered after a day;
 * paused: a bulk email its owner paused (a paused campaign's), claimed again once resumed. A bulk
 * email leaves the outbox once sent, skipped or failed: its owner keeps what became of it.
 */
export const EMAIL_STATUSES = ['queued', 'held', 'sent', 'failed', 'paused'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * One email of the outbox, written in the transaction of the change that causes it and sent
 * later by the sender. Its content and Message-ID are fixed when it is queued, so every attempt
 * sends the very same message.
 */
@Entity('emails')
@Index('IDX_emails_createdAt', ['createdAt'])
@Index(['status', 'nextAttemptAt'])
@Index('IDX_emails_subject', ['subjectType', 'subjectId'])
@Index('IDX_emails_lane_due', ['lane', 'status', 'nextAttemptAt'])
export class OutboxEmail extends QueuedMessage {
  @PrimaryGeneratedColumn()
  id: number;

  /** The business key, such as `order-confirmation:42`: a second email for it is refused. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 191 })
  key: string;

  @Column({ type: 'varchar', length: 30 })
  kind: string;

  /** `transactional` or `bulk` (`EmailLane`): the sender's lanes, the first never behind the second. */
  @Column({ type: 'varchar', length: 20, default: 'transactional' })
  lane: string;

  /**
   * What it is about (`EmailSubject`): the record whose change caused it, by which a fan's
   * erasure finds it. Null only on a row queued before emails named their subject whose key
   * named none.
   */
  @Column({ type: 'varchar', length: 30, nullable: true })
  subjectType: EmailSubjectType | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  subjectId: string | null;

  @EmailColumn()
  toAddress: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  toName: string | null;

  @EmailColumn({ nullable: true })
  replyToAddress: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  replyToName: string | null;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /** The HTML; empty while the email is still MJML (`mjml`). */
  @Column({ type: 'text' })
  html: string;

  /**
   * The email's MJML, as a template queued it: the sender compiles it (`MjmlCompiler`, in a
   * worker) as it hands the email over, and the admin's view of it when she opens it. Null when
   * `html` is the email's HTML (a campaign's, compiled once for all its recipients).
   */
  @Column({ type: 'text', nullable: true })
  mjml: string | null;

  @Column({ type: 'text' })
  text: string;

  /** The one-click unsubscribe URL of newsletter emails (List-Unsubscribe). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  listUnsubscribe: string | null;

  @EpochMsColumn()
  createdAt: number;
}
