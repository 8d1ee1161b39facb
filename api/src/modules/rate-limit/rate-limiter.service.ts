import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { Transactions } from '../../database/transaction.js';
import { RateLimitHit } from './rate-limit-hit.entity.js';

export interface Limit {
  /** How many requests one client may make within the window. */
  max: number;
  windowMs: number;
}

/**
 * Per-address request limits counted in the database, so every instance of the server shares
 * them and they survive restarts. Checking the count and recording the request happen under one
 * database lock per limit and client (`Transactions.withNamedLock`: GET_LOCK on MySQL/MariaDB, a queue on
 * SQLite), so requests arriving together cannot all see room and all pass.
 */
@Injectable()
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    @InjectRepository(RateLimitHit) private readonly hits: Repository<RateLimitHit>,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Counts one request of `client` against `limit`: 0 when it is within the limit (and now
   * counted), otherwise the seconds until one of the counted requests leaves the window (nothing
   * is recorded then).
   */
  async take(bucket: string, client: string, limit: Limit): Promise<number> {
    const waitSeconds = await this.transactions.withNamedLock(
      `rate-limit:${bucket}:${client}`,
      async (manager) => {
        const now = this.clock.now().getTime();
        // Plain SQL on the (bucket, client, expiresAt) index: every limited request asks this.
        const counted = (await manager.query(
          `SELECT expiresAt FROM rate_limit_hits
            WHERE bucket = ? AND client = ? AND expiresAt > ?
            ORDER BY expiresAt DESC LIMIT ${Number(limit.max)}`,
          [bucket, client, now],
        )) as { expiresAt: number | string }[];
        if (counted.length >= limit.max) {
          const freeAt = Number(counted[limit.max - 1].expiresAt);
          return Math.max(1, Math.ceil((freeAt - now) / 1000));
        }
        await manager.query(
          'INSERT INTO rate_limit_hits (bucket, client, expiresAt) VALUES (?, ?, ?)',
          [bucket, client, now + limit.windowMs],
        );
        return 0;
      },
    );
    if (waitSeconds === 0) await this.pruneNowAndThen();
    return waitSeconds;
  }

  /** Forgets every counted request of `client` in `bucket` (a successful login). */
  async clear(bucket: string, client: string): Promise<void> {
    await this.hits.delete({ bucket, client });
  }

  /**
   * Expired rows are deleted at most once a minute (by the clock), on the way past a counted
   * request: a delete per request would make every request a second write.
   */
  private async pruneNowAndThen(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.prune();
  }

  /** Deletes rows whose window has passed, for every limit and client. */
  async prune(): Promise<void> {
    await this.hits.delete({ expiresAt: LessThan(this.clock.now().getTime()) });
  }
}

/** 'Please try again in N minutes.' for a wait in seconds. */
export function tryAgainIn(waitSeconds: number): string {
  return `Please try again in ${minutesOf(waitSeconds)}.`;
}

/** '1 minute', 'N minutes': a wait in seconds, in whole minutes rounded up. */
export function minutesOf(waitSeconds: number): string {
  const minutes = Math.ceil(waitSeconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
