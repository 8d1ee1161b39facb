import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InvalidEnvironmentError, loadConfig, type AppConfig } from '../src/config/env.js';
import { readSettings } from '../src/config/settings.js';
import { dataSourceOptions, openDatabase } from '../src/database/data-source.js';
import { entities } from '../src/entities.js';
import { seedVolume, type VolumeCounts } from './volume-seed.js';

/**
 * Fills the admin's lists for a load test:
 * `npm run seed:volume -- --signups N --orders N --messages N --notify N [--subscribers N] [--seed S]`.
 * `--subscribers` adds confirmed, subscribed signups only: every one mailable by a campaign.
 * Reads the same settings as the server (environment, `.env` or ENV_FILE), so it fills the
 * database DATABASE_URL names, SQLite or MySQL; runs the migrations first, so an empty database
 * works. Adds to the rows already there. Never for a live site's database: the rows are made up.
 */
// The repository, where the server reads its settings: this runs as api/dist/trial/scripts/.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

class CommandError extends Error {}

const USAGE =
  'Usage: npm run seed:volume -- --signups N --orders N --messages N --notify N [--subscribers N] [--seed S]';

function readCounts(args: string[]): VolumeCounts & { seed: number } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        signups: { type: 'string' },
        orders: { type: 'string' },
        messages: { type: 'string' },
        notify: { type: 'string' },
        subscribers: { type: 'string' },
        seed: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${USAGE}`);
  }
  const count = (name: string, fallback: number) => {
    const text = values[name];
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) > 10_000_000) {
      throw new CommandError(`--${name} must be a whole number from 0 to 10000000, not "${text}".`);
    }
    return Number(text);
  };
  const counts = {
    signups: count('signups', 0),
    orders: count('orders', 0),
    messages: count('messages', 0),
    notify: count('notify', 0),
    subscribers: count('subscribers', 0),
    seed: count('seed', 18),
  };
  if (counts.signups + counts.orders + counts.messages + counts.notify + counts.subscribers === 0) {
    throw new CommandError(`Nothing to add.\n${USAGE}`);
  }
  return counts;
}

function describe(database: AppConfig['database']): string {
  if (database.type === 'sqlite') return database.file;
  const url = new URL(database.url);
  return `${url.hostname}:${url.port || 3306}${url.pathname}`;
}

async function main() {
  const { seed, ...counts } = readCounts(process.argv.slice(2));
  const config = loadConfig(readSettings(root), root);
  let dataSource;
  try {
    dataSource = await openDatabase(dataSourceOptions(config.database, entities));
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CommandError(
      `Cannot open the database at ${describe(config.database)}${code ? ` (${code})` : ''} ` +
        `(check DATABASE_URL and that the database server is running): ${(error as Error).message}`,
    );
  }
  try {
    process.stdout.write(`Seeding ${describe(config.database)} (seed ${seed})\n`);
    const results = await seedVolume(dataSource, counts, {
      seed,
      timeZone: config.timeZone,
    });
    for (const { table, rows, ms } of results) {
      const perSecond = Math.round(rows / (ms / 1000));
      process.stdout.write(
        `  ${table.padEnd(17)} ${String(rows).padStart(9)} rows in ` +
          `${(ms / 1000).toFixed(1).padStart(6)} s (${perSecond} rows/s)\n`,
      );
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof CommandError || error instanceof InvalidEnvironmentError;
  process.stderr.write(`${known ? error.message : `Failed: ${String(error)}`}\n`);
  process.exit(1);
});
