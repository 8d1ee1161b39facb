import { Injectable } from '@nestjs/common';
import { clientKey } from '../rate-limit/client-key.js';
import { RateLimiter } from '../rate-limit/rate-limiter.service.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Failed logins per client address, counted by the shared `RateLimiter` (in the database, shared
 * by instances). Each login reserves its attempt BEFORE the password is checked, under the
 * limiter's lock, so however many arrive at once at most 10 are checked in 15 minutes; a wrong
 * password leaves its attempt counted, the right one clears the address's count.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly limiter: RateLimiter) {}

  /** 0 when the attempt may go ahead (now counted), otherwise seconds until the next may. */
  reserve(address: string | undefined): Promise<number> {
    return this.limiter.take('login', clientKey(address), {
      max: LOGIN_FAILURE_LIMIT,
      windowMs: LOGIN_WINDOW_MS,
    });
  }

  clear(address: string | undefined): Promise<void> {
    return this.limiter.clear('login', clientKey(address));
  }
}
