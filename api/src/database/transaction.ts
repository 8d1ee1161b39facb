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
  if (dataSource.options.type !== 'better-sqlite3') return dataSource.transaction(work);
  const previous = sqliteQueues.get(dataSource) ?? Promise.resolve();
  const run = previous.then(() => dataSource.transaction(work));
  sqliteQueues.set(
    dataSource,
    run.catch(() => undefined),
  );
  return run;
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
