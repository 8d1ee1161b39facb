import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { SignupSubscription } from '@artist/contracts';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { SIGNUP_SUBSCRIPTION_SQL } from '../../database/migrations/1766700000000-IndexListSorts.js';
import { SIGNUP_SEARCH_INDEX } from '../../database/migrations/1767000000000-LeadSignupSearchIndexById.js';
import { EmailColumn, LinkTokenColumn } from '../../database/exact-text.js';
import { PlaceColumns } from '../places/index.js';
import { DateTimeColumn, CreatedAtColumn } from '../../database/datetime.js';
import { FanIdColumn } from '../../common/fan-record.js';

@Entity('email_signups')
@Index('IDX_email_signups_fanId_subscription', ['fanId', 'subscription'])
@Index('IDX_email_signups_subscription_fanId', ['subscription', 'fanId'])
@Index('IDX_email_signups_createdAt', ['createdAt'])
@Index('IDX_email_signups_contacted_createdAt', ['contacted', 'createdAt'])
@Index('IDX_email_signups_unsubscribedAt_confirmedAt', ['unsubscribedAt', 'confirmedAt'])
@Index('IDX_email_signups_contacted', ['contacted'])
@Index('IDX_email_signups_subscription', ['subscription'])
@Index(SIGNUP_SEARCH_INDEX.name, SIGNUP_SEARCH_INDEX.columns)
export class EmailSignup extends PlaceColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @FanIdColumn()
  fanId: number | null;

  /** Stored lower-cased, so every letter case of an address is one signup; an accent is another. */
  @Index({ unique: true })
  @EmailColumn()
  email: string;

  /** The text 'true' or 'false'. */
  @Column({ type: 'varchar', length: 5, default: 'false' })
  contacted: string;

  @DateTimeColumn({ nullable: true })
  contactedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;

  /**
   * The unguessable token of the one-click unsubscribe link (List-Unsubscribe), which never
   * changes. Signups from before double opt-in have none until they are sent a confirmation.
   */
  @Index({ unique: true })
  @LinkTokenColumn({ nullable: true })
  token: string | null;

  /** The token of the latest confirmation email's link: it confirms once, within 7 days. */
  @Index('IDX_email_signups_confirmToken', { unique: true })
  @LinkTokenColumn({ nullable: true })
  confirmToken: string | null;

  /** Epoch ms; an unsubscribe ends it early. */
  @EpochMsColumn({ nullable: true })
  confirmTokenExpiresAt: number | null;

  /** When the confirm token was used; epoch ms. */
  @EpochMsColumn({ nullable: true })
  confirmTokenUsedAt: number | null;

  /**
   * The one-time token of the unsubscribed page's "Subscribe again" button: the only way, besides
   * the artist, that an unsubscribed address is sent a confirmation again.
   */
  @Index('IDX_email_signups_resubscribeToken', { unique: true })
  @LinkTokenColumn({ nullable: true })
  resubscribeToken: string | null;

  /** Epoch ms; null once used. */
  @EpochMsColumn({ nullable: true })
  resubscribeTokenExpiresAt: number | null;

  /** When the address confirmed the signup (double opt-in); epoch ms, null until then. */
  @EpochMsColumn({ nullable: true })
  confirmedAt: number | null;

  /** When the address unsubscribed; epoch ms. */
  @EpochMsColumn({ nullable: true })
  unsubscribedAt: number | null;

  /** When the last confirmation email was queued, so a repeated signup re-sends at most hourly. */
  @EpochMsColumn({ nullable: true })
  confirmationSentAt: number | null;

  /**
   * Where the fan said they are (a city, or a ZIP or postal code), as typed; its
   * point is in the place columns.
   */
  @Column({ type: 'varchar', length: 100, nullable: true })
  location: string | null;

  /**
   * The topics of campaigns the fan gets (`Campaign.topic`), chosen on her account page; every
   * one on for a signup from the form.
   */
  @Column({ type: 'boolean', default: true })
  topicNews: boolean;

  @Column({ type: 'boolean', default: true })
  topicShows: boolean;

  @Column({ type: 'boolean', default: true })
  topicReleases: boolean;

  /**
   * Confirmed, unconfirmed or unsubscribed, from the two times above; kept by the database, in
   * the row (`StoreTheSubscriptionState` says why not worked out on read).
   */
  @Column({
    type: 'varchar',
    length: 12,
    generatedType: 'STORED',
    asExpression: SIGNUP_SUBSCRIPTION_SQL,
    // MariaDB takes no NULL or NOT NULL on a computed column; the expression is never null.
    nullable: true,
    insert: false,
    update: false,
  })
  subscription: SignupSubscription;
}
