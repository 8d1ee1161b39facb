import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';

const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * `dataSource.transaction`, except that on SQLite transactions run one after another. TypeORM's
 * better-sqlite3 driver shares one connection, so two transactions started side by side would nest
 * (the second becomes a savepoint of the first) and one's rollback could undo the other's work.
 * SQLite has a single writer anyway, so queueing costs nothing.
 */
export function inTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3')
    return withLockRetries(() => dataSource.transaction(work));
  const previous = sqliteQueues.get(dataSource) ?? Promise.resolve();
  const run = previous.then(() => dataSource.transaction(work));
  sqliteQueues.set(
    dataSource,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * InnoDB may pick a transaction as a deadlock victim (1213) or time out its lock wait (1205)
 * under concurrent writes to the same keys; the transaction was rolled back whole, so running it
 * again is safe.
 */
async function withLockRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isLockConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

function isLockConflict(error: unknown): boolean {
  const driverError = (error instanceof QueryFailedError ? error.driverError : error) as
    { errno?: unknown } | undefined;
  return driverError?.errno === 1213 || driverError?.errno === 1205;
}

/** A unique key refused the row: MySQL/MariaDB ER_DUP_ENTRY (1062) or SQLite's constraint codes. */
export function isDuplicateKeyError(error: unknown): boolean {
  const driverError = (error instanceof QueryFailedError ? error.driverError : error) as
    { code?: unknown; errno?: unknown } | undefined;
  const code = driverError?.code;
  return (
    code === 'ER_DUP_ENTRY' ||
    driverError?.errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
