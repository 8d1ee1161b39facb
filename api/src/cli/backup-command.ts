import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InvalidEnvironmentError, loadConfig } from '../config/env.js';
import { readSettings } from '../config/settings.js';
import { BackupError, type BackupSite } from './site-backup.js';
import { createStorage } from '../modules/storage/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** One of the backup commands: the folder option it takes and what it does with the folder. */
export interface BackupCommand {
  /** The option that names the folder, such as `out` for `--out <folder>`. */
  option: string;
  /** The command's usage line, printed under a mistake in its arguments. */
  usage: string;
  /** What to say when the folder is not named. */
  missing: string;
  /** Does it, on the site the settings name, its progress printed line by line. */
  run(folder: string, site: Required<BackupSite>): Promise<void>;
}

async function main(command: BackupCommand) {
  let named: string | undefined;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: { [command.option]: { type: 'string' } },
    });
    named = values[command.option] as string | undefined;
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${command.usage}`);
  }
  if (!named) throw new BackupError(`${command.missing}\n${command.usage}`);
  // Relative to where npm was run from, not to the api folder npm runs the script in.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), named);
  const config = loadConfig(readSettings(root), root);
  const storage = await createStorage(config.storage);
  try {
    await command.run(folder, { database: config.database, storage, log: printLine });
  } finally {
    storage.destroy?.();
  }
}

/**
 * Runs `npm run backup` or `npm run restore` as the server would see the site: the same settings
 * (environment, `.env` or ENV_FILE) and storage, closed when the command ends. A `BackupError` or
 * a setting's error is printed alone, anything else after `Failed:`, and the process exits 1.
 */
export function runBackupCommand(command: BackupCommand): void {
  main(command).catch((error: unknown) => {
    const known = error instanceof BackupError || error instanceof InvalidEnvironmentError;
    process.stderr.write(`${known ? error.message : `Failed: ${String(error)}`}\n`);
    process.exit(1);
  });
}

/** Writes a line of the command's progress. */
export const printLine = (line: string) => process.stdout.write(`${line}\n`);
