import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InvalidEnvironmentError, loadConfig } from '../config/env.js';
import { readSettings } from '../config/settings.js';
import { BackupError, restoreBackup } from './site-backup.js';
import { createStorage } from '../modules/storage/storage.module.js';
import { S3Storage } from '../modules/storage/s3-storage.js';

/**
 * Fills an empty site from a backup: `npm run restore -- --from <folder>`. Reads the same
 * settings as the server, so it fills the database DATABASE_URL names (migrating it first) and
 * the storage STORAGE_URL names; either may be SQLite or MySQL, a folder or a bucket, whatever
 * the backup was taken from. A database or storage holding anything of its own is refused, and
 * so is a backup whose files do not match its manifest. Run it with the server stopped.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const USAGE = 'Usage: npm run restore -- --from <folder>';

async function main() {
  let from: string | undefined;
  try {
    ({
      values: { from },
    } = parseArgs({ args: process.argv.slice(2), options: { from: { type: 'string' } } }));
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!from) throw new BackupError(`Name the backup folder to restore from.\n${USAGE}`);
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), from);
  const config = loadConfig(readSettings(root), root);
  const storage = createStorage(config.storage);
  try {
    process.stdout.write(`Restoring from ${folder}\n`);
    const manifest = await restoreBackup({
      database: config.database,
      storage,
      from: folder,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Done: ${rows} rows and ${manifest.files.length} files of the backup taken ` +
        `${manifest.takenAt} are in place. Start the server.\n`,
    );
  } finally {
    if (storage instanceof S3Storage) storage.destroy();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof InvalidEnvironmentError;
  process.stderr.write(`${known ? error.message : `Failed: ${String(error)}`}\n`);
  process.exit(1);
});
