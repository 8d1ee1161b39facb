import { Injectable } from '@nestjs/common';
import { clientKey, RateLimiter } from '../rate-limit/index.js';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * What is guessed: the password (and code) of a login, or, from a logged-in session, the
 * two-step login code (or password) that setting it up again or turning it off needs.
 */
export type ThrottledAttempt = 'login' | 'two-factor';

/**
 * Failed attempts per client address, counted by the shared `RateLimiter` (in the database,
 * shared by instances), each kind on its own. Each attempt is reserved BEFORE the password or code
 * is checked, under the limiter's lock, so however many arrive at once at most 10 are checked in
 * 15 minutes; a wrong one leaves its attempt counted, the right one clears the address's count.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly limiter: RateLimiter) {}

  /** 0 when the attempt may go ahead (now counted), otherwise seconds until the next may. */
  reserve(address: string | undefined, attempt: ThrottledAttempt = 'login'): Promise<number> {
    return this.limiter.take(attempt, clientKey(address), {
      max: LOGIN_FAILURE_LIMIT,
      windowMs: LOGIN_WINDOW_MS,
    });
  }

  clear(address: string | undefined, attempt: ThrottledAttempt = 'login'): Promise<void> {
    return this.limiter.clear(attempt, clientKey(address));
  }
}
