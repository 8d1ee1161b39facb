import Database from 'better-sqlite3';

export class SqliteInUseError extends Error {}

/**
 * Holds the SQLite database for this process: an exclusive lock, taken by SQLite on a file beside
 * the database (`<file>.lock`) in a transaction left open. The lock belongs to the process, so the
 * operating system drops it when the process ends however it ends (a crash, kill -9): a restart
 * is never refused. A second server started on the same file finds it taken and stops with a
 * sentence. The database file itself is not locked, so a backup can read it beside the server.
 * Answers the release (for a server closed within a longer process, as the tests do).
 */
export function holdSqliteFile(file: string): () => void {
  if (file === ':memory:') return () => undefined;
  const lock = new Database(`${file}.lock`, { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY')
      throw new SqliteInUseError(
        `Another server is already running on the SQLite database ${file}. SQLite serves one ` +
          'server process only: to run more than one instance, use MySQL or MariaDB ' +
          '(DATABASE_URL=mysql://user:pass@host:3306/name).',
      );
    throw error;
  }
  return () => lock.close();
}
