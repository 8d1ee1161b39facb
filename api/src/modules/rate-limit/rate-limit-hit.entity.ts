import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { EpochMsColumn } from '../../database/epoch-ms.js';

/**
 * One counted request of a per-address limit (a login attempt, a form post, a checkout session),
 * kept until its window has passed.
 */
@Entity('rate_limit_hits')
@Index(['bucket', 'client', 'expiresAt'])
@Index(['expiresAt'])
export class RateLimitHit {
  @PrimaryGeneratedColumn()
  id: number;

  /**
   * Which limit counts it: `login`, `contact`, `email-signup`, `notify-me`, `checkout`,
   * `membership-checkout`, `membership-card`, `session-status`, `discount-check`, `password-reset`, `password-reset-confirm`, `two-factor`.
   */
  @Column({ type: 'varchar', length: 32 })
  bucket: string;

  /** The client address as counted (see `clientKey`). */
  @Column({ type: 'varchar', length: 64 })
  client: string;

  /** Epoch milliseconds at which it stops counting. */
  @EpochMsColumn()
  expiresAt: number;
}
