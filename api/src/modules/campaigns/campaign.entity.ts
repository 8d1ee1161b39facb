import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { EmailColumn, LinkTokenColumn } from '../../database/exact-text.js';

/**
 * A newsletter or show announcement. Its counts are kept by the sender as it goes; its HTML and
 * text are rendered once when it starts sending, so every recipient gets the same content.
 */
@Entity('campaigns')
@Index('IDX_campaigns_status_scheduledAt', ['status', 'scheduledAt'])
@Index('IDX_campaigns_createdAt', ['createdAt'])
@Index('IDX_campaigns_pageId', ['pageId'], { unique: true })
export class CampaignRecord {
  @PrimaryGeneratedColumn()
  id: number;

  /**
   * The id of its public page ("view in your browser"): unguessable, so a campaign sent to a few
   * fans is read by them alone, not by whoever counts up the sequential ids.
   */
  @LinkTokenColumn()
  pageId: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /** Markdown. */
  @Column({ type: 'text' })
  body: string;

  /** JSON of CampaignAudience. */
  @Column({ type: 'text' })
  audience: string;

  /** Which of the fans' topics it is (`CAMPAIGN_TOPICS`): only those who keep it on get it. */
  @Column({ type: 'varchar', length: 10, default: 'news' })
  topic: string;

  /** draft, scheduled, sending, paused, sent or cancelled. */
  @Column({ type: 'varchar', length: 20 })
  status: string;

  /** The HTML of every recipient's message, with a placeholder for their unsubscribe link. */
  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  @EpochMsColumn({ nullable: true })
  scheduledAt: number | null;

  @EpochMsColumn({ nullable: true })
  startedAt: number | null;

  @EpochMsColumn({ nullable: true })
  finishedAt: number | null;

  /**
   * When its whole list of recipients was written; null before it starts and while the list is
   * being written, in the background after the send was answered (CampaignsService.fixRecipients).
   */
  @EpochMsColumn({ nullable: true })
  recipientsFixedAt: number | null;

  @Column({ type: 'integer', default: 0 })
  recipients: number;

  @Column({ type: 'integer', default: 0 })
  sent: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  @Column({ type: 'integer', default: 0 })
  bounced: number;

  @Column({ type: 'integer', default: 0 })
  complained: number;

  @Column({ type: 'integer', default: 0 })
  unsubscribed: number;

  @EpochMsColumn()
  createdAt: number;

  @EpochMsColumn()
  updatedAt: number;
}

/**
 * One recipient of a campaign, written with its message in the outbox's bulk lane (in the same
 * transaction): unique per campaign and address, so nobody is added or counted twice. Its
 * Message-ID is the message's. It is the campaign's record of what became of that message:
 * queued (in the outbox); sent; failed (refused for good); skipped (unsubscribed or suppressed
 * before its turn). `attempts` and `nextAttemptAt` are kept from when campaigns had a sender of
 * their own; the outbox's row holds the attempts now.
 */
@Entity('campaign_recipients')
@Index('IDX_campaign_recipients_campaign_email', ['campaignId', 'email'], { unique: true })
@Index('IDX_campaign_recipients_due', ['status', 'nextAttemptAt'])
@Index('IDX_campaign_recipients_campaign_status', ['campaignId', 'status'])
@Index('IDX_campaign_recipients_messageId', ['messageId'])
@Index('IDX_campaign_recipients_email', ['email'])
export class CampaignRecipient {
  // Declared first, as the columns a row read from the database (and a fan's export) lists first.
  /** `<campaign.…@host>`, the message's in the outbox. */
  @Column({ type: 'varchar', length: 255 })
  messageId: string;

  @Column({ type: 'varchar', length: 20 })
  status: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The SMTP server's answer of a failure, or why it was skipped. */
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @EpochMsColumn()
  nextAttemptAt: number;

  @EpochMsColumn({ nullable: true })
  sentAt: number | null;

  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  campaignId: number;

  @EmailColumn()
  email: string;

  /**
   * The signup's one-click unsubscribe token, for its List-Unsubscribe link; empty for a member
   * sent a perk's message, which has none.
   */
  @LinkTokenColumn()
  token: string;

  /** When this message was reported bounced, complained of, or its recipient unsubscribed. */
  @EpochMsColumn({ nullable: true })
  bouncedAt: number | null;

  @EpochMsColumn({ nullable: true })
  complainedAt: number | null;

  @EpochMsColumn({ nullable: true })
  unsubscribedAt: number | null;
}

/** An address that gets no campaign: it bounced for good, or its owner complained. */
@Entity('suppressions')
@Index('IDX_suppressions_createdAt', ['createdAt'])
export class SuppressionRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_suppressions_email', { unique: true })
  @EmailColumn()
  email: string;

  /** bounce or complaint. */
  @Column({ type: 'varchar', length: 20 })
  reason: string;

  /** The provider's or server's words, never shown to anyone but the artist. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  detail: string | null;

  /** The campaign whose message caused it, when known. */
  @Column({ type: 'integer', nullable: true })
  campaignId: number | null;

  @EpochMsColumn()
  createdAt: number;

  /** When the artist lifted it, and why; a lifted address is mailed again. */
  @EpochMsColumn({ nullable: true })
  removedAt: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  removedReason: string | null;
}
