import argon2 from 'argon2';
import pLimit from 'p-limit';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 30 ms here, where the
 * library default (64 MiB, 3 passes) took ten times as long on the small shared server. With the
 * login throttle in front, guessing stays out of reach. Hashes carry their own parameters, so
 * raising these later still verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return passwordChecks(() =>
    argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    }),
  );
}

/**
 * Password checks and hashes (each ~30 ms of CPU and 19 MiB) run at most two at a time; the rest
 * wait in line, so a flood of logins or reset confirmations cannot take the CPU and memory from
 * the shop.
 */
export const PASSWORD_CHECKS_AT_ONCE = 2;
const passwordChecks = pLimit(PASSWORD_CHECKS_AT_ONCE);

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return passwordChecks(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}
