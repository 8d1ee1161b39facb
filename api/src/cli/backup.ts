import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InvalidEnvironmentError, loadConfig } from '../config/env.js';
import { readSettings } from '../config/settings.js';
import { BackupError, takeBackup } from './site-backup.js';
import { createStorage } from '../modules/storage/storage.module.js';
import { S3Storage } from '../modules/storage/s3-storage.js';

/**
 * Writes a backup of the whole site: `npm run backup -- --out <folder>`. Reads the same settings
 * as the server (environment, `.env` or ENV_FILE), so it copies the database DATABASE_URL names
 * and the storage STORAGE_URL names, while the server runs and takes orders: every table as of
 * one moment, every uploaded file, and manifest.json with row counts and SHA-256 of each file.
 * The folder must be new or empty. See docs/deploy.md, Backups.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const USAGE = 'Usage: npm run backup -- --out <folder>';

async function main() {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } } }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!out) throw new BackupError(`Name the folder to write the backup to.\n${USAGE}`);
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), out);
  const config = loadConfig(readSettings(root), root);
  const storage = createStorage(config.storage);
  try {
    process.stdout.write(`Backing up to ${folder}\n`);
    const manifest = await takeBackup({
      database: config.database,
      storage,
      out: folder,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Done: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files ` +
        `(manifest.json lists each with its SHA-256).\n`,
    );
    for (const key of manifest.missingFiles)
      process.stdout.write(`  ${key}: named by a row but deleted before it could be copied\n`);
  } finally {
    if (storage instanceof S3Storage) storage.destroy();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof InvalidEnvironmentError;
  process.stderr.write(`${known ? error.message : `Failed: ${String(error)}`}\n`);
  process.exit(1);
});
