import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { InvalidEnvironmentError, loadConfig, type AppConfig } from '../config/env.js';
import { readSettings } from '../config/settings.js';
import { dataSourceOptions } from '../database/data-source.js';
import { Transactions } from '../database/transaction.js';
import { entities } from '../entities.js';
import { NoAdminAccountError, resetAdminPassword } from '../modules/auth/index.js';

/**
 * Sets the admin password: `npm run admin:reset-password`. Reads the same settings as the server
 * (the environment and the `.env` file beside package.json, or the file ENV_FILE names), so it
 * changes the database the server uses. The new password comes from ADMIN_PASSWORD, or else is
 * typed at the prompt (not echoed) or read from standard input (one line). Every session of that
 * database is ended, so a stolen session cannot outlive the reset. Exits non-zero, with a message,
 * when the database cannot be reached or holds no admin account.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

class CommandError extends Error {}

/** Reads one line; on a terminal, without echoing what is typed. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    const lines = createInterface({ input, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line.trim();
    }
    return '';
  }
  // Echo goes off before the prompt shows, so nothing typed after it can be echoed.
  input.setRawMode(true);
  process.stderr.write(prompt);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed.trim());
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new CommandError('Cancelled; nothing was changed.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

/** Where the database is, without any password in it. */
function describe(database: AppConfig['database']): string {
  if (database.type === 'sqlite') return database.file;
  const url = new URL(database.url);
  return `${url.hostname}:${url.port || 3306}${url.pathname}`;
}

async function connect(database: AppConfig['database']): Promise<DataSource> {
  if (database.type === 'sqlite' && database.file !== ':memory:' && !existsSync(database.file)) {
    throw new CommandError(
      `Cannot reach the database: no SQLite file at ${database.file} (check DATABASE_URL).`,
    );
  }
  try {
    // No migrations: the command changes a password, never the schema.
    return await new DataSource({
      ...dataSourceOptions(database, entities),
      migrationsRun: false,
    }).initialize();
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CommandError(
      `Cannot reach the database at ${describe(database)}${code ? ` (${code})` : ''} ` +
        '(check DATABASE_URL and that the database server is running).',
    );
  }
}

async function main() {
  const config = loadConfig(readSettings(root), root);
  const dataSource = await connect(config.database);
  try {
    if (!(await hasAdminAccount(dataSource))) throw new NoAdminAccountError();
    const password = config.adminPassword ?? (await readPassword('New admin password: '));
    if (password.length < 8) {
      throw new CommandError('The admin password must be at least 8 characters long.');
    }
    const ended = await resetAdminPassword(Transactions.on(dataSource), password);
    process.stdout.write(
      `The admin password of the database at ${describe(config.database)} is set. ` +
        `${ended === 1 ? '1 session was' : `${ended} sessions were`} ended: log in again.\n`,
    );
  } finally {
    await dataSource.destroy();
  }
}

async function hasAdminAccount(dataSource: DataSource): Promise<boolean> {
  try {
    const [{ count }] = (await dataSource.query(
      "SELECT COUNT(*) AS count FROM users WHERE username = 'admin'",
    )) as { count: number | string }[];
    return Number(count) > 0;
  } catch {
    // No users table: the site has never started on this database.
    return false;
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof CommandError ||
    error instanceof InvalidEnvironmentError ||
    error instanceof NoAdminAccountError;
  process.stderr.write(`${known ? error.message : `Failed: ${String(error)}`}\n`);
  process.exit(1);
});
