import type { BeforeApplicationShutdown } from '@nestjs/common';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type InsertEvent,
  type QueryRunner,
  type RemoveEvent,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
  type UpdateEvent,
} from 'typeorm';

/** How often an instance reads the database's numbers, at most: other instances' writes. */
export const SHARED_VERSIONS_READ_MS = 250;
/** Written on every request or by periodic work, and behind no kept figure: never raised. */
const UNSHARED_TABLES = new Set(['sessions', 'rate_limit_hits', 'job_leases', 'mail_quotas']);
/**
 * How long a kept figure lives at most: a backstop for a raise lost with its process (killed
 * between a commit and the raise) or a write made outside the site.
 */
export const FIGURES_TTL_MS = 60_000;
/** Figures kept per database, the least recently worked out dropped first. */
const FIGURES_KEPT = 500;

interface SharedVersions {
  versions: Map<string, string>;
  /** When the last read started (ms); 0 before the first. */
  readAt: number;
  reading?: Promise<void>;
  /** Tables whose raise is still to be written. */
  pending: Set<string>;
  raising?: Promise<void>;
}

interface KeptFigure {
  versions: string;
  at: number;
  value: Promise<unknown>;
}

/**
 * A number per table that changes whenever this process writes a row of it through TypeORM (a
 * repository, the entity manager or a query builder), and again when the transaction that wrote
 * it ends, committed or not. A figure worked out from some tables (the admin lists' filter counts,
 * the page's content, the gallery) stays true while their numbers stay the same: read the numbers
 * before working it out, and a write that lands meanwhile, or commits later, makes it stale at once.
 *
 * Several instances on one MySQL/MariaDB database: each committed write also raises the table's
 * row in `table_versions` (after the commit, one statement for the tables written meanwhile), and
 * every instance reads that table at most every SHARED_VERSIONS_READ_MS, when a kept figure is
 * asked for. A number is then the pair of this process's and the database's, so a write on any
 * instance makes every other's figures stale within SHARED_VERSIONS_READ_MS plus the time the
 * raise takes (milliseconds). SQLite has one server process (see sqlite-guard.ts): nothing shared.
 *
 * Writes in raw SQL are not seen: their writer calls `wrote` with its manager (the sales kept by
 * day), or `changed` after the fact (as the volume seeder does).
 * One per data source (`TableVersions.on`), which lives as long as it: the app's is a provider.
 */
export class TableVersions implements BeforeApplicationShutdown {
  private readonly versions = new Map<string, number>();
  /** The database's numbers, on MySQL/MariaDB (where several instances may share the database). */
  private readonly shared: SharedVersions | undefined;
  private readonly figures = new Map<string, KeptFigure>();
  private readonly subscriber: TableVersionSubscriber;

  private constructor(private readonly dataSource: DataSource) {
    this.shared =
      dataSource.options.type === 'better-sqlite3'
        ? undefined
        : { versions: new Map(), readAt: 0, pending: new Set() };
    this.subscriber = new TableVersionSubscriber(this);
    dataSource.subscribers.push(this.subscriber);
  }

  /** The data source's numbers: those its subscriber keeps, or a new subscriber put on it. */
  static on(dataSource: DataSource): TableVersions {
    const subscriber = dataSource.subscribers.find(
      (candidate) => candidate instanceof TableVersionSubscriber,
    );
    return subscriber?.versions ?? new TableVersions(dataSource);
  }

  /**
   * Marks tables as changed by a committed write (and for writes TypeORM's events do not report,
   * raw SQL): here at once, on other instances within SHARED_VERSIONS_READ_MS.
   */
  changed(...tables: string[]): void {
    this.changedHere(tables);
    this.raiseShared(tables);
  }

  /**
   * Marks tables as written in raw SQL through `manager`, which TypeORM's events do not report:
   * inside a transaction, as TypeORM's own writes are (here at once and again when it ends, on
   * other instances once it commits); outside one, as `changed`.
   */
  wrote(manager: EntityManager, ...tables: string[]): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.subscriber.writtenIn(runner, tables);
    else this.changed(...tables);
  }

  /** Marks tables as changed in this process only (a write not committed yet, or undone). */
  changedHere(tables: Iterable<string>): void {
    for (const table of tables) this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /**
   * The tables' current numbers as one key: equal keys mean no write in between. The database's
   * numbers are those last read (see `sharedFresh`).
   */
  key(tables: readonly string[]): string {
    const shared = this.shared?.versions;
    return tables
      .map((table) => `${table}@${this.versions.get(table) ?? 0}.${shared?.get(table) ?? 0}`)
      .join(',');
  }

  /** The database's numbers were read within SHARED_VERSIONS_READ_MS (always true on SQLite). */
  sharedFresh(): boolean {
    return !this.shared || Date.now() - this.shared.readAt < SHARED_VERSIONS_READ_MS;
  }

  /** Reads the database's numbers unless they were read within SHARED_VERSIONS_READ_MS. */
  async readShared(): Promise<void> {
    const shared = this.shared;
    if (!shared || this.sharedFresh()) return;
    if (!shared.reading) {
      const startedAt = Date.now();
      shared.reading = this.dataSource
        .query('SELECT table_name AS name, version FROM table_versions')
        .then((rows: { name: string; version: number | string }[]) => {
          shared.versions = new Map(rows.map((row) => [row.name, String(row.version)]));
          shared.readAt = startedAt;
        })
        .finally(() => {
          shared.reading = undefined;
        });
    }
    return shared.reading;
  }

  /**
   * Raises the tables' rows in the database, after the write that changed them is committed. The
   * tables changed while a raise is written go in the next one, so each commit is followed by a
   * raise that starts after it. Rows are locked in name order: two instances never deadlock.
   */
  private raiseShared(tables: readonly string[]): void {
    const shared = this.shared;
    if (!shared) return;
    for (const table of tables) if (!UNSHARED_TABLES.has(table)) shared.pending.add(table);
    if (shared.pending.size === 0 || shared.raising) return;
    const dataSource = this.dataSource;
    shared.raising = (async () => {
      let failures = 0;
      while (shared.pending.size > 0 && dataSource.isInitialized) {
        const names = [...shared.pending].sort();
        shared.pending.clear();
        try {
          await dataSource.query(
            `INSERT INTO table_versions (table_name, version) VALUES ${names.map(() => '(?, 1)').join(', ')} ` +
              'ON DUPLICATE KEY UPDATE version = version + 1',
            names,
          );
          failures = 0;
        } catch (error) {
          for (const name of names) shared.pending.add(name);
          if (++failures >= 5) {
            process.stderr.write(
              `Could not record changed tables for other instances: ${String(error)}\n`,
            );
            shared.pending.clear();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100 * failures));
        }
      }
    })().finally(() => {
      shared.raising = undefined;
    });
  }

  /** Waits for the raises still to be written (before the database is closed). */
  async written(): Promise<void> {
    while (this.shared?.raising) await this.shared.raising;
  }

  /** Before the database closes: other instances are told of this one's last writes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.written();
  }

  /**
   * A figure worked out from some tables (e.g. a list's filter counts), if it was kept and none
   * of the tables has been written since, nor FIGURES_TTL_MS passed. Undefined as well when the
   * database's numbers are due to be read again: `keepFigure` reads them and answers.
   */
  keptFigure<T>(tables: readonly string[], key: string): Promise<T> | undefined {
    const kept = this.figures.get(key);
    const fresh =
      kept !== undefined &&
      this.sharedFresh() &&
      kept.versions === this.key(tables) &&
      Date.now() - kept.at < FIGURES_TTL_MS;
    return fresh ? (kept.value as Promise<T>) : undefined;
  }

  /**
   * The kept figure, or `work` out a new one and keep it. The tables' numbers are read before the
   * work starts, so a write landing during it (or committing after it) leaves the figure stale at
   * once. Callers asking at the same time share one piece of work; a failure is not kept.
   */
  keepFigure<T>(tables: readonly string[], key: string, work: () => Promise<T>): Promise<T> {
    const kept = this.keptFigure<T>(tables, key);
    if (kept) return kept;
    if (!this.sharedFresh())
      return this.readShared().then(() => this.keepFigureNow(tables, key, work));
    return this.keepFigureNow(tables, key, work);
  }

  private keepFigureNow<T>(
    tables: readonly string[],
    key: string,
    work: () => Promise<T>,
  ): Promise<T> {
    const kept = this.keptFigure<T>(tables, key);
    if (kept) return kept;
    const all = this.figures;
    const entry = { versions: this.key(tables), at: Date.now(), value: work() };
    all.delete(key);
    all.set(key, entry);
    if (all.size > FIGURES_KEPT) all.delete(all.keys().next().value!);
    entry.value.catch(() => {
      if (all.get(key) === entry) all.delete(key);
    });
    return entry.value as Promise<T>;
  }
}

type WriteEvent = InsertEvent<unknown> | UpdateEvent<unknown> | RemoveEvent<unknown>;
type EndEvent = TransactionCommitEvent | TransactionRollbackEvent;

/** Tells the app's `TableVersions` which tables TypeORM wrote, and when their transaction ends. */
class TableVersionSubscriber implements EntitySubscriberInterface {
  /** The tables each open transaction has written, to be changed again when it ends. */
  private readonly transactions = new WeakMap<QueryRunner, Set<string>>();

  constructor(readonly versions: TableVersions) {}

  afterInsert(event: InsertEvent<unknown>): void {
    this.written(event);
  }

  afterUpdate(event: UpdateEvent<unknown>): void {
    this.written(event);
  }

  afterRemove(event: RemoveEvent<unknown>): void {
    this.written(event);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.ended(event, true);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.ended(event, false);
  }

  private written({ queryRunner, metadata }: WriteEvent): void {
    const table = metadata.tableName;
    if (!queryRunner.isTransactionActive) return this.versions.changed(table);
    this.writtenIn(queryRunner, [table]);
  }

  /** Tables written in an open transaction: changed here now, and again when it ends. */
  writtenIn(queryRunner: QueryRunner, written: readonly string[]): void {
    // Other instances are told once the transaction commits.
    this.versions.changedHere(written);
    let tables = this.transactions.get(queryRunner);
    if (!tables) this.transactions.set(queryRunner, (tables = new Set()));
    for (const table of written) tables.add(table);
  }

  private ended({ queryRunner }: EndEvent, committed: boolean): void {
    const tables = this.transactions.get(queryRunner);
    // A nested transaction (a savepoint) ending leaves the outer one open.
    if (!tables || queryRunner.isTransactionActive) return;
    this.transactions.delete(queryRunner);
    if (committed) this.versions.changed(...tables);
    else this.versions.changedHere(tables);
  }
}

/**
 * One value read from some tables (the page's content, the public gallery), kept in this process
 * until one of the tables is written: here, at once; on another instance, within
 * SHARED_VERSIONS_READ_MS. Callers asking at the same time share one read; a failed read is not
 * kept.
 */
export class TableBackedValue<T> {
  private kept?: { versions: string; value: Promise<T> };

  constructor(
    private readonly versions: TableVersions,
    private readonly tables: readonly string[],
    private readonly read: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    if (this.fresh()) return this.kept!.value;
    if (!this.versions.sharedFresh()) return this.versions.readShared().then(() => this.getNow());
    return this.getNow();
  }

  /** The value just written by this process: kept as the tables' numbers now stand. */
  set(value: T): void {
    this.kept = {
      versions: this.versions.key(this.tables),
      value: Promise.resolve(value),
    };
  }

  /** Read again on the next ask. */
  drop(): void {
    this.kept = undefined;
  }

  private fresh(): boolean {
    return (
      this.kept !== undefined &&
      this.versions.sharedFresh() &&
      this.kept.versions === this.versions.key(this.tables)
    );
  }

  private getNow(): Promise<T> {
    if (this.fresh()) return this.kept!.value;
    const entry = { versions: this.versions.key(this.tables), value: this.read() };
    this.kept = entry;
    entry.value.catch(() => {
      if (this.kept === entry) this.kept = undefined;
    });
    return entry.value;
  }
}
