import 'reflect-metadata';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { InvalidEnvironmentError, loadConfig } from '../config/env.js';
import { dataSourceOptions, openDatabase } from '../database/data-source.js';
import { resetAdminPassword } from '../modules/auth/auth.service.js';

/**
 * Sets the admin password: `npm run admin:reset-password`. The new password comes from
 * ADMIN_PASSWORD, or else is read from standard input (one line). Every session is ended, so a
 * stolen session cannot outlive the reset. Uses the same DATABASE_URL as the server.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function readLine(prompt: string): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write(prompt);
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

async function main() {
  const config = loadConfig(process.env, root);
  const password = config.adminPassword ?? (await readLine('New admin password: '));
  if (password.length < 8) {
    throw new InvalidEnvironmentError('The admin password must be at least 8 characters long.');
  }
  const dataSource = await openDatabase(dataSourceOptions(config.database));
  try {
    await resetAdminPassword(dataSource, password);
    process.stdout.write('The admin password is set. Every session was ended: log in again.\n');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
