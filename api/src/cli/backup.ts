import { runBackupCommand, printLine } from './backup-command.js';
import { manifestRows, takeBackup } from './site-backup.js';

/**
 * Writes a backup of the whole site: `npm run backup -- --out <folder>`. Reads the same settings
 * as the server (environment, `.env` or ENV_FILE), so it copies the database DATABASE_URL names
 * and the storage STORAGE_URL names, while the server runs and takes orders: every table as of
 * one moment, every uploaded file, and manifest.json with row counts and SHA-256 of each file.
 * The folder must be new or empty. See docs/deploy.md, Backups.
 */
runBackupCommand({
  option: 'out',
  usage: 'Usage: npm run backup -- --out <folder>',
  missing: 'Name the folder to write the backup to.',
  async run(folder, site) {
    printLine(`Backing up to ${folder}`);
    const manifest = await takeBackup({ ...site, out: folder });
    const rows = manifestRows(manifest);
    printLine(
      `Done: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files ` +
        `(manifest.json lists each with its SHA-256).`,
    );
    for (const key of manifest.missingFiles)
      printLine(`  ${key}: named by a row but deleted before it could be copied`);
  },
});
