import { Column } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';

/**
 * The columns of a message a sender delivers with retries (the outbox's emails, a campaign's
 * recipients): its Message-ID, fixed when it is queued so every attempt sends the same message,
 * where it stands, its attempts and when the sender may take it next. An entity extends it;
 * its columns are the entity's own, under the same names (in a row read from the database, and
 * so in a fan's export, they come before the entity's own; the schema is the migrations').
 */
export abstract class QueuedMessage {
  /** `<…@host>`, the same on every attempt. */
  @Column({ type: 'varchar', length: 255 })
  messageId: string;

  @Column({ type: 'varchar', length: 20 })
  status: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The last answer of the SMTP server, or the connection error. */
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** When the sender may next take it; a claim moves it forward by the lease. Epoch ms. */
  @EpochMsColumn()
  nextAttemptAt: number;

  @EpochMsColumn({ nullable: true })
  sentAt: number | null;
}
