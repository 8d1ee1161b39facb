import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, type Repository } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { LoginFailure } from './login-failure.entity.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Counts failed logins per client address in the database (so the count survives restarts and
 * is shared by instances). A request counter such as @nestjs/throttler would also count
 * successful logins; this one counts failures only.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @InjectRepository(LoginFailure) private readonly failures: Repository<LoginFailure>,
    private readonly clock: Clock,
  ) {}

  /** Seconds until the address may try again, or 0 while it has fewer than the limit. */
  async lockedFor(ip: string): Promise<number> {
    const now = this.clock.now().getTime();
    const recent = await this.failures.find({
      where: { ip, at: MoreThan(now - LOGIN_WINDOW_MS) },
      order: { at: 'DESC' },
      take: LOGIN_FAILURE_LIMIT,
    });
    if (recent.length < LOGIN_FAILURE_LIMIT) return 0;
    const freeAt = recent[LOGIN_FAILURE_LIMIT - 1].at + LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((freeAt - now) / 1000));
  }

  async recordFailure(ip: string): Promise<void> {
    const now = this.clock.now().getTime();
    await this.failures.insert({ ip, at: now });
    await this.failures.delete({ at: LessThan(now - LOGIN_WINDOW_MS) });
  }

  async clear(ip: string): Promise<void> {
    await this.failures.delete({ ip });
  }
}
