import {
  EventSubscriber,
  type DataSource,
  type EntitySubscriberInterface,
  type InsertEvent,
  type QueryRunner,
  type RemoveEvent,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
  type UpdateEvent,
} from 'typeorm';

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
 * Writes in raw SQL are not seen: their writer calls `tablesChanged` (as the volume seeder does).
 */
const versions = new WeakMap<DataSource, Map<string, number>>();
/** The tables each open transaction has written, to be changed again when it ends. */
const writtenIn = new WeakMap<QueryRunner, Set<string>>();

function versionsOf(dataSource: DataSource): Map<string, number> {
  let tables = versions.get(dataSource);
  if (!tables) versions.set(dataSource, (tables = new Map()));
  return tables;
}

/**
 * Marks tables as changed by a committed write (and for writes TypeORM's events do not report,
 * raw SQL): here at once, on other instances within SHARED_VERSIONS_READ_MS.
 */
export function tablesChanged(dataSource: DataSource, ...tables: string[]): void {
  changedHere(dataSource, tables);
  raiseShared(dataSource, tables);
}

function changedHere(dataSource: DataSource, tables: Iterable<string>): void {
  const known = versionsOf(dataSource);
  for (const table of tables) known.set(table, (known.get(table) ?? 0) + 1);
}

/**
 * The tables' current numbers as one key: equal keys mean no write in between. The database's
 * numbers are those last read (see `sharedVersionsFresh`).
 */
export function tableVersions(dataSource: DataSource, tables: readonly string[]): string {
  const known = versionsOf(dataSource);
  const shared = sharedOf(dataSource)?.versions;
  return tables
    .map((table) => `${table}@${known.get(table) ?? 0}.${shared?.get(table) ?? 0}`)
    .join(',');
}

/** How often an instance reads the database's numbers, at most: other instances' writes. */
export const SHARED_VERSIONS_READ_MS = 500;
/** Written on every request or by periodic work, and behind no kept figure: never raised. */
const UNSHARED_TABLES = new Set(['sessions', 'rate_limit_hits', 'job_leases', 'mail_quotas']);

interface SharedVersions {
  versions: Map<string, string>;
  /** When the last read started (ms); 0 before the first. */
  readAt: number;
  reading?: Promise<void>;
  /** Tables whose raise is still to be written. */
  pending: Set<string>;
  raising?: Promise<void>;
}
const sharedVersions = new WeakMap<DataSource, SharedVersions>();

/** The database's numbers, on MySQL/MariaDB (where several instances may share the database). */
function sharedOf(dataSource: DataSource): SharedVersions | undefined {
  if (dataSource.options.type === 'better-sqlite3') return undefined;
  let shared = sharedVersions.get(dataSource);
  if (!shared)
    sharedVersions.set(
      dataSource,
      (shared = { versions: new Map(), readAt: 0, pending: new Set() }),
    );
  return shared;
}

/** The database's numbers were read within SHARED_VERSIONS_READ_MS (always true on SQLite). */
function sharedVersionsFresh(dataSource: DataSource): boolean {
  const shared = sharedOf(dataSource);
  return !shared || Date.now() - shared.readAt < SHARED_VERSIONS_READ_MS;
}

/** Reads the database's numbers unless they were read within SHARED_VERSIONS_READ_MS. */
export async function readSharedVersions(dataSource: DataSource): Promise<void> {
  const shared = sharedOf(dataSource);
  if (!shared || sharedVersionsFresh(dataSource)) return;
  if (!shared.reading) {
    const startedAt = Date.now();
    shared.reading = dataSource
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
function raiseShared(dataSource: DataSource, tables: readonly string[]): void {
  const shared = sharedOf(dataSource);
  if (!shared) return;
  for (const table of tables) if (!UNSHARED_TABLES.has(table)) shared.pending.add(table);
  if (shared.pending.size === 0 || shared.raising) return;
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
export async function sharedVersionsWritten(dataSource: DataSource): Promise<void> {
  const shared = sharedVersions.get(dataSource);
  while (shared?.raising) await shared.raising;
}

type WriteEvent = InsertEvent<unknown> | UpdateEvent<unknown> | RemoveEvent<unknown>;
type EndEvent = TransactionCommitEvent | TransactionRollbackEvent;

@EventSubscriber()
export class TableVersionSubscriber implements EntitySubscriberInterface {
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

  private written({ connection, queryRunner, metadata }: WriteEvent): void {
    const table = metadata.tableName;
    if (!queryRunner.isTransactionActive) return tablesChanged(connection, table);
    // Other instances are told once the transaction commits.
    changedHere(connection, [table]);
    let tables = writtenIn.get(queryRunner);
    if (!tables) writtenIn.set(queryRunner, (tables = new Set()));
    tables.add(table);
  }

  private ended({ connection, queryRunner }: EndEvent, committed: boolean): void {
    const tables = writtenIn.get(queryRunner);
    // A nested transaction (a savepoint) ending leaves the outer one open.
    if (!tables || queryRunner.isTransactionActive) return;
    writtenIn.delete(queryRunner);
    if (committed) tablesChanged(connection, ...tables);
    else changedHere(connection, tables);
  }
}

/**
 * How long a kept figure lives at most: a backstop for a raise lost with its process (killed
 * between a commit and the raise) or a write made outside the site.
 */
export const FIGURES_TTL_MS = 60_000;
/** Figures kept per database, the least recently worked out dropped first. */
const FIGURES_KEPT = 500;

interface KeptFigure {
  versions: string;
  at: number;
  value: Promise<unknown>;
}
const figures = new WeakMap<DataSource, Map<string, KeptFigure>>();

function figuresOf(dataSource: DataSource): Map<string, KeptFigure> {
  let kept = figures.get(dataSource);
  if (!kept) figures.set(dataSource, (kept = new Map()));
  return kept;
}

/**
 * A figure worked out from some tables (e.g. a list's filter counts), if it was kept and none of
 * the tables has been written since, nor FIGURES_TTL_MS passed. Undefined as well when the
 * database's numbers are due to be read again: `keepFigure` reads them and answers.
 */
export function keptFigure<T>(
  dataSource: DataSource,
  tables: readonly string[],
  key: string,
): Promise<T> | undefined {
  const kept = figuresOf(dataSource).get(key);
  const fresh =
    kept !== undefined &&
    sharedVersionsFresh(dataSource) &&
    kept.versions === tableVersions(dataSource, tables) &&
    Date.now() - kept.at < FIGURES_TTL_MS;
  return fresh ? (kept.value as Promise<T>) : undefined;
}

/**
 * The kept figure, or `work` out a new one and keep it. The tables' numbers are read before the
 * work starts, so a write landing during it (or committing after it) leaves the figure stale at
 * once. Callers asking at the same time share one piece of work; a failure is not kept.
 */
export function keepFigure<T>(
  dataSource: DataSource,
  tables: readonly string[],
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  const kept = keptFigure<T>(dataSource, tables, key);
  if (kept) return kept;
  if (!sharedVersionsFresh(dataSource))
    return readSharedVersions(dataSource).then(() => keepFigureNow(dataSource, tables, key, work));
  return keepFigureNow(dataSource, tables, key, work);
}

function keepFigureNow<T>(
  dataSource: DataSource,
  tables: readonly string[],
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  const kept = keptFigure<T>(dataSource, tables, key);
  if (kept) return kept;
  const all = figuresOf(dataSource);
  const entry = { versions: tableVersions(dataSource, tables), at: Date.now(), value: work() };
  all.delete(key);
  all.set(key, entry);
  if (all.size > FIGURES_KEPT) all.delete(all.keys().next().value!);
  entry.value.catch(() => {
    if (all.get(key) === entry) all.delete(key);
  });
  return entry.value as Promise<T>;
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
    private readonly dataSource: DataSource,
    private readonly tables: readonly string[],
    private readonly read: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    if (this.fresh()) return this.kept!.value;
    if (!sharedVersionsFresh(this.dataSource))
      return readSharedVersions(this.dataSource).then(() => this.getNow());
    return this.getNow();
  }

  /** The value just written by this process: kept as the tables' numbers now stand. */
  set(value: T): void {
    this.kept = {
      versions: tableVersions(this.dataSource, this.tables),
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
      sharedVersionsFresh(this.dataSource) &&
      this.kept.versions === tableVersions(this.dataSource, this.tables)
    );
  }

  private getNow(): Promise<T> {
    if (this.fresh()) return this.kept!.value;
    const entry = { versions: tableVersions(this.dataSource, this.tables), value: this.read() };
    this.kept = entry;
    entry.value.catch(() => {
      if (this.kept === entry) this.kept = undefined;
    });
    return entry.value;
  }
}
