import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Mutex } from 'async-mutex';
import {
  DataSource,
  QueryFailedError,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
} from 'typeorm';

/**
 * Where the database's transactions run: `run` is the one way to open one (ESLint refuses
 * TypeORM's `transaction` and its implicit transactions around `save`/`remove` elsewhere).
 * One per data source, for the life of the app.
 *
 * MySQL/MariaDB: each transaction on a connection of the pool, retried when InnoDB gives up on a
 * lock. SQLite: TypeORM runs every query, of every caller, on one connection, and a transaction
 * is a state of that connection, not of its caller: another caller's write issued while it is
 * open would land inside it and be undone by its rollback, and another caller's read would see
 * its writes before they are committed. So each transaction holds one mutex from BEGIN to
 * COMMIT/ROLLBACK, and every query outside it waits for that mutex too (`TransactionGate`): a
 * transaction runs alone, start to end, and a query outside one runs whole between two. Work
 * called inside a transaction (an AsyncLocalStorage context its queries inherit) belongs to it.
 * SQLite has one writer at a time anyway and runs statements synchronously, so this costs only
 * the wait for a transaction already under way. See docs/architecture.md, "Transactions".
 *
 * One per data source (`Transactions.on`), which lives as long as it: the app's is a provider.
 */
export class Transactions {
  private readonly sqlite: boolean;
  private readonly mutex = new Mutex();
  /** The transaction the current async context belongs to. */
  private readonly context = new AsyncLocalStorage<object>();
  /** On SQLite, the transaction that holds the mutex. */
  private open: object | null = null;
  /** SQLite: named locks as an in-process queue per name. */
  private readonly sqliteLocks = new Map<string, Promise<unknown>>();
  /** MySQL/MariaDB: the database worked in, asked once (lock names include it). */
  private databaseName?: Promise<string>;

  private constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    dataSource.subscribers.push(new TransactionGate(this));
  }

  /** The data source's transactions: those its gate serves, or a new gate put on it. */
  static on(dataSource: DataSource): Transactions {
    const gate = dataSource.subscribers.find((subscriber) => subscriber instanceof TransactionGate);
    return gate?.transactions ?? new Transactions(dataSource);
  }

  /** Is SQLite: outside queries wait for the mutex. */
  get gated(): boolean {
    return this.sqlite;
  }

  /**
   * Runs `work` in a transaction, committed when it resolves and rolled back when it throws.
   * Given a manager (the one `withNamedLock` hands its work), the transaction runs on that
   * manager's connection, so work under a named lock needs no second connection from the pool.
   * Called inside a transaction, on SQLite, it is a savepoint of that transaction.
   */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  run<T>(on: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T>;
  run<T>(
    ...args:
      | [(manager: EntityManager) => Promise<T>]
      | [EntityManager, (manager: EntityManager) => Promise<T>]
  ): Promise<T> {
    const [on, work] = args.length === 2 ? args : [undefined, args[0]];
    const begin = () => (on ? on.transaction(work) : this.dataSource.transaction(work));
    if (!this.sqlite) return withLockRetries(begin);
    if (this.insideOpen()) return begin();
    return this.mutex.runExclusive(async () => {
      const transaction = {};
      this.open = transaction;
      try {
        // Retried inside the mutex: another process's commit (the password command beside the
        // server) can end a transaction that has read, as a deadlock does on InnoDB.
        return await this.context.run(transaction, () => withLockRetries(begin));
      } finally {
        this.open = null;
      }
    });
  }

  /** The current async context belongs to the transaction holding the mutex (SQLite). */
  insideOpen(): boolean {
    return this.open !== null && this.context.getStore() === this.open;
  }

  /** Waits for the mutex (SQLite): a query outside any transaction runs between two. */
  outside(): Promise<() => void> {
    return this.mutex.acquire();
  }

  /**
   * Runs `work` while holding the lock `name`, shared by every server on the same database, so
   * check-then-insert steps (a pending notify-me request, the migrations, …) cannot run side by
   * side.
   *
   * MySQL/MariaDB: `GET_LOCK` on a connection of its own, and `work` runs on that same
   * connection, so callers waiting for the lock never hold the pool's other connections. The
   * lock name is a hash of the database and `name` (server-wide names, at most 64 characters). A
   * lock not granted within `timeoutSeconds` is an error. SQLite: one process owns the file, so
   * an in-process queue per name.
   */
  withNamedLock<T>(
    name: string,
    work: (manager: EntityManager) => Promise<T>,
    timeoutSeconds = 30,
  ): Promise<T> {
    if (this.sqlite) {
      const previous = this.sqliteLocks.get(name) ?? Promise.resolve();
      const run = previous.then(() => work(this.dataSource.manager));
      const settled = run.catch(() => undefined);
      this.sqliteLocks.set(name, settled);
      void settled.then(() => {
        if (this.sqliteLocks.get(name) === settled) this.sqliteLocks.delete(name);
      });
      return run;
    }
    return withDatabaseLock(this.dataSource, name, work, timeoutSeconds, (runner) => {
      if (!this.databaseName) {
        const asked = runner.getCurrentDatabase() as Promise<string>;
        this.databaseName = asked;
        asked.catch(() => {
          if (this.databaseName === asked) this.databaseName = undefined;
        });
      }
      return this.databaseName;
    });
  }

  /**
   * Proves on SQLite, before the app serves anything, that TypeORM still waits for
   * `TransactionGate.beforeQuery`: an upgrade that stopped waiting would let queries into other
   * callers' transactions, so the app refuses to start instead.
   */
  async onModuleInit(): Promise<void> {
    if (!this.sqlite) return;
    const release = await this.mutex.acquire();
    let ran = false;
    const query = this.dataSource.query('SELECT 1').then(() => (ran = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ranUnheld = ran;
    release();
    await query;
    if (!ranUnheld) return;
    throw new Error(
      'TypeORM ran a query without waiting for beforeQuery: SQLite writes would not be serialised.',
    );
  }
}

/**
 * On SQLite, holds every query outside the open transaction until the mutex is free, and frees
 * it once the query has run: TypeORM waits for a subscriber's `beforeQuery` before it runs a
 * query, and tells `afterQuery` once it ran or failed. While an outside query holds the mutex no
 * transaction is open and no other outside query runs, so the next outside `afterQuery` is its
 * own. `Transactions.onModuleInit` proves at start-up that this TypeORM still waits.
 */
class TransactionGate implements EntitySubscriberInterface {
  private release: (() => void) | null = null;

  constructor(readonly transactions: Transactions) {}

  async beforeQuery(): Promise<void> {
    if (!this.transactions.gated || this.transactions.insideOpen()) return;
    const release = await this.transactions.outside();
    this.release = release;
  }

  afterQuery(): void {
    if (!this.transactions.gated || this.transactions.insideOpen()) return;
    const release = this.release;
    this.release = null;
    release?.();
  }
}

/**
 * InnoDB may pick a transaction as a deadlock victim (1213) or time out its lock wait (1205)
 * under concurrent writes to the same keys. On SQLite another process's write (the password
 * command, which opens the file beside the server) can refuse a transaction's first write:
 * SQLITE_BUSY_SNAPSHOT when that process committed after the transaction first read (SQLite
 * then waits for nothing, since the snapshot can never become current), SQLITE_BUSY when its
 * write outlasted the busy timeout. Either way the transaction was rolled back whole, so running
 * it again is safe.
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
    { code?: unknown; errno?: unknown } | undefined;
  const code = driverError?.code;
  return (
    driverError?.errno === 1213 ||
    driverError?.errno === 1205 ||
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT'
  );
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

/**
 * MySQL/MariaDB: runs `work` holding `GET_LOCK` on a connection of its own, on that connection
 * (see `Transactions.withNamedLock`). Used alone by `openDatabase` for the migrations, before the
 * app's providers exist.
 */
export async function withDatabaseLock<T>(
  dataSource: DataSource,
  name: string,
  work: (manager: EntityManager) => Promise<T>,
  timeoutSeconds = 30,
  databaseName = (runner: QueryRunner) => runner.getCurrentDatabase() as Promise<string>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  const lock = `artist:${createHash('sha256')
    .update(`${await databaseName(runner)}\0${name}`)
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
