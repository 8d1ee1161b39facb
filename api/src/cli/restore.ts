import { runBackupCommand, printLine } from './backup-command.js';
import { manifestRows, RESTORED_WITHOUT_SESSIONS, restoreBackup } from './site-backup.js';

/**
 * Fills an empty site from a backup: `npm run restore -- --from <folder>`. Reads the same
 * settings as the server, so it fills the database DATABASE_URL names (migrating it first) and
 * the storage STORAGE_URL names; either may be SQLite or MySQL, a folder or a bucket, whatever
 * the backup was taken from. A database or storage holding anything of its own is refused, and
 * so is a backup whose files do not match its manifest. Run it with the server stopped.
 */
runBackupCommand({
  option: 'from',
  usage: 'Usage: npm run restore -- --from <folder>',
  missing: 'Name the backup folder to restore from.',
  async run(folder, site) {
    printLine(`Restoring from ${folder}`);
    const manifest = await restoreBackup({ ...site, from: folder });
    const rows = manifestRows(manifest);
    printLine(
      `Done: ${rows} rows and ${manifest.files.length} files of the backup taken ` +
        `${manifest.takenAt} are in place. Start the server.`,
    );
    printLine(RESTORED_WITHOUT_SESSIONS);
  },
});
