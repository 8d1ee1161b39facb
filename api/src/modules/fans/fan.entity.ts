import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EmailColumn } from '../../database/exact-text.js';
import { FAN_SEARCH_INDEX } from '../../database/migrations/1767940000000-LeadFanSearchIndexById.js';
import { DateTimeColumn } from '../../database/datetime.js';

/** A figure of the fan's records, kept by the database's triggers: the site never writes it. */
const kept = { type: 'integer', default: 0, insert: false, update: false } as const;

/**
 * One person, whatever they did: ordered, signed up, asked to be notified or wrote in. Every
 * record with their address points here by `fanId`, so the admin's Fans list is one row per
 * address with a stable id, and a privacy request finds all of it.
 *
 * The figures of their records the list filters and sorts on are kept on the row by triggers on
 * the record tables (migrations 1767930000000-FansKeepTheirFigures and, for refunds,
 * 1768300000000-FansSpendNetOfRefunds), in the writer's own
 * statement: indexed, so a filter or a sort by them reads an index.
 */
@Entity('fans')
@Index(FAN_SEARCH_INDEX.name, FAN_SEARCH_INDEX.columns)
@Index('IDX_fans_orderCount', ['orderCount'])
@Index('IDX_fans_totalSpent', ['totalSpent'])
@Index('IDX_fans_confirmedSignups', ['confirmedSignups'])
@Index('IDX_fans_waitingRequests', ['waitingRequests'])
@Index('IDX_fans_messageCount', ['messageCount'])
@Index('IDX_fans_firstSeenAt_id_figures', [
  'firstSeenAt',
  'id',
  'orderCount',
  'confirmedSignups',
  'waitingRequests',
  'messageCount',
])
@Index('IDX_fans_email_figures', [
  'email',
  'orderCount',
  'confirmedSignups',
  'waitingRequests',
  'messageCount',
])
export class Fan {
  @PrimaryGeneratedColumn()
  id: number;

  /**
   * Lower-cased and trimmed, so every letter case of an address is one fan; compared exactly, so
   * an accent makes another (`jose@` and `josé@` are two people).
   */
  @Index('IDX_fans_email', { unique: true })
  @EmailColumn()
  email: string;

  /** The earliest creation time of any of their records. */
  @DateTimeColumn()
  firstSeenAt: Date;

  /** How many orders name the fan. */
  @Column(kept)
  orderCount: number;

  /** The sum of their orders' totals less what was refunded of them, cents. */
  @Column(kept)
  totalSpent: number;

  /** Their signups confirmed and not unsubscribed (`subscription` 'confirmed'). */
  @Column(kept)
  confirmedSignups: number;

  /** Their notify-me requests not yet notified. */
  @Column(kept)
  waitingRequests: number;

  /** Their contact messages. */
  @Column(kept)
  messageCount: number;
}
