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
 * it ends, committed or not. A figure worked out from some tables (the admin lists' filter counts)
 * stays true while their numbers stay the same: read the numbers before working it out, and a
 * write that lands meanwhile, or commits later, makes it stale at once.
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

/** Marks tables as changed, for writes TypeORM's events do not report (raw SQL). */
export function tablesChanged(dataSource: DataSource, ...tables: string[]): void {
  const known = versionsOf(dataSource);
  for (const table of tables) known.set(table, (known.get(table) ?? 0) + 1);
}

/** The tables' current numbers as one key: equal keys mean no write in between. */
export function tableVersions(dataSource: DataSource, tables: readonly string[]): string {
  const known = versionsOf(dataSource);
  return tables.map((table) => `${table}@${known.get(table) ?? 0}`).join(',');
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
    this.ended(event);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.ended(event);
  }

  private written({ connection, queryRunner, metadata }: WriteEvent): void {
    const table = metadata.tableName;
    tablesChanged(connection, table);
    if (!queryRunner.isTransactionActive) return;
    let tables = writtenIn.get(queryRunner);
    if (!tables) writtenIn.set(queryRunner, (tables = new Set()));
    tables.add(table);
  }

  private ended({ connection, queryRunner }: EndEvent): void {
    const tables = writtenIn.get(queryRunner);
    // A nested transaction (a savepoint) ending leaves the outer one open.
    if (!tables || queryRunner.isTransactionActive) return;
    writtenIn.delete(queryRunner);
    tablesChanged(connection, ...tables);
  }
}

/** How long a kept figure lives at most, for writes this process did not make (another process). */
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
 * the tables has been written since, nor FIGURES_TTL_MS passed.
 */
export function keptFigure<T>(
  dataSource: DataSource,
  tables: readonly string[],
  key: string,
): Promise<T> | undefined {
  const kept = figuresOf(dataSource).get(key);
  const fresh =
    kept !== undefined &&
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
