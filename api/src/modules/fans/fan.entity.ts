import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { exact } from '../../database/exact-text.js';

/**
 * One person, whatever they did: ordered, signed up, asked to be notified or wrote in. Every
 * record with their address points here by `fanId`, so the admin's Fans list is one row per
 * address with a stable id, and a privacy request finds all of it.
 */
@Entity('fans')
@Index('IDX_fans_firstSeenAt', ['firstSeenAt'])
export class Fan {
  @PrimaryGeneratedColumn()
  id: number;

  /**
   * Lower-cased and trimmed, so every letter case of an address is one fan; compared exactly, so
   * an accent makes another (`jose@` and `josé@` are two people).
   */
  @Index('IDX_fans_email', { unique: true })
  @Column({ type: 'varchar', length: 320, ...exact })
  email: string;

  /** The earliest creation time of any of their records. */
  @Column({ type: 'datetime' })
  firstSeenAt: Date;
}
