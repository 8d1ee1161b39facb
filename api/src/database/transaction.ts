import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { DataSource, QueryFailedError, type EntityManager, type QueryRunner } from 'typeorm';

/**
 * On SQLite, the writer a query belongs to: each transaction runs in a context of its own (see
 * `serialiseSqliteWrites`); queries outside any transaction share one.
 */
const writers = new AsyncLocalStorage<object>();
const OUTSIDE_TRANSACTIONS = {};

/**
 * `dataSource.transaction`, retried on MySQL/MariaDB when InnoDB gives up on a lock. On SQLite
 * the gate that `serialiseSqliteWrites` puts on the connection runs it alone, start to end.
 * Given a manager (the one `withNamedLock` hands its work), the transaction runs on that
 * manager's connection, so work under a named lock needs no second connection from the pool.
 */
export function inTransaction<T>(
  on: DataSource | EntityManager,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const { type } = (on instanceof DataSource ? on : on.connection).options;
  if (type === 'better-sqlite3') return on.transaction(work);
  return withLockRetries(() => on.transaction(work));
}

/**
 * A lock that its holder may take again. Handing it over names the next holder at once, so no
 * newcomer can slip in between; every waiter of that holder is woken together.
 */
class ReentrantGate {
  private holder: object | null = null;
  private holds = 0;
  private waiting: { owner: object; wake: () => void }[] = [];

  async enter(owner: object): Promise<() => void> {
    if (this.holder === null) this.holder = owner;
    else if (this.holder !== owner) {
      await new Promise<void>((wake) => this.waiting.push({ owner, wake }));
    }
    this.holds++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.holds > 0) return;
      const next = this.waiting[0];
      this.holder = next?.owner ?? null;
      if (!next) return;
      const woken = this.waiting.filter((entry) => entry.owner === next.owner);
      this.waiting = this.waiting.filter((entry) => entry.owner !== next.owner);
      for (const entry of woken) entry.wake();
    };
  }
}

/**
 * TypeORM's better-sqlite3 driver runs every query, of every caller, on one connection (one query
 * runner). A transaction there is a state of that connection, not of its caller: another caller's
 * write issued while it is open lands inside it and is undone by its rollback, and a transaction
 * started meanwhile becomes a savepoint that the other's rollback can undo (a checkout session
 * left completed without its order).
 *
 * This puts a gate on that query runner. Every transaction, explicit (`transaction`) or TypeORM's
 * own around `save`/`remove`, runs as a writer of its own (an AsyncLocalStorage context, which its
 * queries inherit) and holds the gate from BEGIN to COMMIT/ROLLBACK; every other query, read or
 * write, and every other transaction waits at the gate and then runs whole. Work called inside a
 * transaction, through any repository, belongs to that transaction. SQLite has one writer at a
 * time anyway and runs statements synchronously, so the gate costs only the wait for a
 * transaction already under way.
 */
export function serialiseSqliteWrites(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const runner = dataSource.driver.createQueryRunner('master');
  const manager = dataSource.manager;
  const gate = new ReentrantGate();
  const writer = () => writers.getStore() ?? OUTSIDE_TRANSACTIONS;
  let transaction: { writer: object; leave: () => void } | null = null;

  // A new writer for each transaction, unless called from inside the open one.
  for (const method of ['transaction', 'save', 'remove', 'softRemove', 'recover'] as const) {
    const original = (manager[method] as (...args: unknown[]) => Promise<unknown>).bind(manager);
    (manager as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      transaction?.writer === writer()
        ? original(...args)
        : writers.run({}, () => original(...args));
  }

  const query = runner.query.bind(runner);
  const startTransaction = runner.startTransaction.bind(runner);
  const commitTransaction = runner.commitTransaction.bind(runner);
  const rollbackTransaction = runner.rollbackTransaction.bind(runner);
  // TypeORM's save opens a transaction only when it sees none active: it must see only its own.
  let active = runner.isTransactionActive;
  Object.defineProperty(runner, 'isTransactionActive', {
    get: () => active && transaction?.writer === writer(),
    set: (value: boolean) => {
      active = value;
    },
  });
  const afterEnd = () => {
    if (active || !transaction) return;
    const { leave } = transaction;
    transaction = null;
    leave();
  };

  runner.query = (async (...args: Parameters<typeof query>) => {
    const leave = await gate.enter(writer());
    try {
      return await query(...args);
    } finally {
      leave();
    }
  }) as typeof runner.query;
  runner.startTransaction = async (isolationLevel) => {
    const leave = await gate.enter(writer());
    if (active) {
      // A savepoint inside the writer's own transaction, which keeps the gate.
      leave();
      return startTransaction(isolationLevel);
    }
    try {
      await startTransaction(isolationLevel);
    } catch (error) {
      leave();
      throw error;
    }
    transaction = { writer: writer(), leave };
  };
  runner.commitTransaction = async () => {
    try {
      await commitTransaction();
    } finally {
      afterEnd();
    }
  };
  runner.rollbackTransaction = async () => {
    try {
      await rollbackTransaction();
    } finally {
      afterEnd();
    }
  };
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

/** The database a data source works in, asked once: lock names include it. */
const databaseNames = new WeakMap<DataSource, Promise<string>>();
function databaseNameOf(dataSource: DataSource, runner: QueryRunner): Promise<string> {
  let name = databaseNames.get(dataSource);
  if (!name) {
    name = runner.getCurrentDatabase() as Promise<string>;
    databaseNames.set(dataSource, name);
    name.catch(() => databaseNames.delete(dataSource));
  }
  return name;
}

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
    .update(`${await databaseNameOf(dataSource, runner)}\0${name}`)
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
