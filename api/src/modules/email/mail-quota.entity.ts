import { Column, Entity, PrimaryColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { exact } from '../../database/exact-text.js';

/**
 * A count of emails within a window: the site's hourly cap of fan-triggered emails, and each
 * mailbox's daily allowance (named by a digest of the mailbox, never the address). Taking from it
 * locks its row until the caller's transaction ends, so concurrent senders never both see room.
 */
@Entity('mail_quotas')
export class MailQuota {
  /** `site:fan-emails`, or `mailbox:<sha-256 of the mailbox>`. */
  @PrimaryColumn({ type: 'varchar', length: 100, ...exact })
  name: string;

  /** When the window being counted began; epoch ms. */
  @EpochMsColumn()
  windowStart: number;

  /** Emails counted in that window. */
  @Column({ type: 'integer' })
  used: number;
}
