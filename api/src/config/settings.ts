import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { InvalidEnvironmentError } from './env.js';

/**
 * The raw settings the server and its commands read: the `.env` file beside package.json (or the
 * file `ENV_FILE` names), overridden by the environment. The one loader for `npm start`, the
 * server itself and `npm run admin:reset-password`, so all of them use the same database.
 */
export function readSettings(
  root: string,
  env: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  const named = env.ENV_FILE?.trim();
  const file = named ? path.resolve(root, named) : path.join(root, '.env');
  if (!existsSync(file)) {
    if (named) throw new InvalidEnvironmentError(`ENV_FILE: no settings file at ${file}`);
    return { ...env };
  }
  let fromFile: Record<string, string>;
  try {
    fromFile = parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new InvalidEnvironmentError(`Cannot read the settings file ${file}: ${String(error)}`);
  }
  const settings: Record<string, string | undefined> = { ...fromFile };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) settings[name] = value;
  return settings;
}
