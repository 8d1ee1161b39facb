import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import pLimit from 'p-limit';

/**
 * Password checks and hashes (each ~30 ms of CPU and 19 MiB) run at most two at a time; the rest
 * wait in line, so a flood of logins or reset confirmations cannot take the CPU and memory from
 * the shop.
 */
export const PASSWORD_CHECKS_AT_ONCE = 2;

/**
 * Hashes and checks passwords, at most `PASSWORD_CHECKS_AT_ONCE` at a time: one queue for the
 * process, shared by every request through the app's one instance.
 *
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 30 ms here, where the
 * library default (64 MiB, 3 passes) took ten times as long on the small shared server. With the
 * login throttle in front, guessing stays out of reach. Hashes carry their own parameters, so
 * raising these later still verifies old hashes.
 */
@Injectable()
export class Passwords {
  private readonly checks = pLimit(PASSWORD_CHECKS_AT_ONCE);

  hash(password: string): Promise<string> {
    return this.checks(() =>
      argon2.hash(password, {
        type: argon2.argon2id,
        memoryCost: 19_456,
        timeCost: 2,
        parallelism: 1,
      }),
    );
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.checks(async () => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    });
  }
}
