import { createHash } from 'node:crypto';
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

const sqliteLocks = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while holding the lock `name`, shared by every server on the same database, so
 * check-then-insert steps (a pending notify-me request, the migrations, …) cannot run side by side.
 *
 * MySQL/MariaDB: `GET_LOCK` on a connection of its own, and `work` runs on that same connection,
 * so callers waiting for the lock never hold the pool's other connections. The lock name is a
 * hash of the database and `name` (server-wide names, at most 64 characters). A lock not granted
 * within `timeoutSeconds` is an error. SQLite: one process owns the file, so an in-process queue
 * per file and name.
 */
export async function withNamedLock<T>(
  dataSource: DataSource,
  name: string,
  work: (manager: EntityManager) => Promise<T>,
  timeoutSeconds = 30,
): Promise<T> {
  if (dataSource.options.type === 'better-sqlite3') {
    const key = `${String(dataSource.options.database)}\0${name}`;
    const previous = sqliteLocks.get(key) ?? Promise.resolve();
    const run = previous.then(() => work(dataSource.manager));
    const settled = run.catch(() => undefined);
    sqliteLocks.set(key, settled);
    void settled.then(() => {
      if (sqliteLocks.get(key) === settled) sqliteLocks.delete(key);
    });
    return run;
  }
  const runner = dataSource.createQueryRunner();
  const lock = `artist:${createHash('sha256')
    .update(`${await runner.getCurrentDatabase()}\0${name}`)
    .digest('hex')
    .slice(0, 40)}`;
  try {
    const [granted] = (await runner.query('SELECT GET_LOCK(?, ?) AS granted', [
      lock,
      timeoutSeconds,
    ])) as { granted: number | string | null }[];
    if (Number(granted?.granted) !== 1) {
      throw new Error(`The database lock "${name}" was not granted in ${timeoutSeconds} s.`);
    }
    try {
      return await work(runner.manager);
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    }
  } finally {
    await runner.release();
  }
}
