import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in the data folder that keeps the session secret outside production. */
export const SESSION_SECRET_FILE = 'session-secret';

/**
 * The session secret kept in `file`: read when it is there, else made once (64 hex characters)
 * and written readable by its owner alone (mode 0600). Two servers starting together agree: the
 * file is created exclusively, and the one that loses the race reads the winner's.
 */
export function keptSessionSecret(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    // The mode given at creation is narrowed by the umask, never widened: set it outright.
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = readSecret(file);
    if (!raced) {
      throw new Error(`${file} is empty: delete it to have a new one made.`, { cause: error });
    }
    return raced;
  }
}

function readSecret(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text === '' ? null : text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The config (an `AppConfig`, which imports this file's name for the secret) with its session
 * secret read from (or first written to) `sessionSecretFile`.
 */
export function withKeptSessionSecret<
  Config extends { sessionSecret: string; sessionSecretFile?: string },
>(config: Config): Config {
  if (!config.sessionSecretFile) return config;
  return { ...config, sessionSecret: keptSessionSecret(config.sessionSecretFile) };
}
