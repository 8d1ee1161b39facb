import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { BadRequestException } from '@nestjs/common';
import type { ListPage, ListSelection } from '@artist/contracts';
import type {
  ObjectLiteral,
  QueryDeepPartialEntity,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import { asRead, EXACT_COLLATION } from '../database/exact-text.js';
import { TableVersions } from '../database/table-versions.js';
import { csvChunk, type CsvColumn } from './csv.js';
import type { ListParams } from './list-query.js';
import type { Candidates, SearchIndex } from './search-index.js';

/** A condition in the list's alias, with its named parameters. */
export interface Condition {
  where: string;
  params?: ObjectLiteral;
}

/**
 * Everything the server needs to answer one admin list: its status filters as SQL conditions, the
 * columns a search looks in, the SQL expression of each sort field, the default order and how an
 * entity becomes a row of the answer. The same definition answers the pages and the CSV export,
 * so a download always holds exactly the rows the list shows, in the same order.
 */
export interface ListDefinition<
  Entity extends ObjectLiteral,
  Row,
  Filter extends string,
  Sort extends string,
> {
  repository: Repository<Entity>;
  alias: string;
  filters: Record<Filter, Condition>;
  /**
   * Tables besides the list's own that its filters depend on (a fan is a customer while an order
   * of theirs exists, which the fan's kept `orderCount` says): a write to any of them refreshes
   * the cached counts.
   */
  reads?: string[];
  /** Named parameters the filters and sorts share, e.g. today's date in the artist's zone. */
  parameters?: ObjectLiteral;
  /** Conditions every row of the list meets whatever the filter (e.g. an export's scope). */
  scope?: Condition;
  /** Properties a search looks in, each a case-insensitive "contains". */
  searchColumns: string[];
  /**
   * The name of an index led by the id and holding the search columns and every column the
   * filters and sorts read (a covering index): a search then scans that index alone, and reads
   * the rows a `textIndex` names from it by id (`USE INDEX` on MySQL) instead of from the
   * table, which is wider and may not stay in InnoDB's buffer pool. Without one, a search for a
   * rare text walks the sort's index and reads row after row; with one, the scan is bounded by
   * the index's size whatever the search.
   */
  searchIndex?: string;
  /**
   * The database's index of the search columns (`SearchIndex`, which must index this list's
   * table with exactly its `searchColumns`): a search then tests only the rows the index names,
   * when they are few, instead of every row.
   */
  textIndex?: SearchIndex;
  /**
   * The SQL of each sort field in the list's alias (several expressions sort by each in turn).
   * Ties go by id in the same direction (see `uniqueSorts`).
   */
  sorts: Record<Sort, string | string[]>;
  /**
   * Sort fields whose values never repeat (a unique column): they need no tie-break, and without
   * one MariaDB reads them in the order of their unique index instead of sorting every row.
   */
  uniqueSorts?: Sort[];
  defaultSort: Sort | `-${Sort}`;
  /** Properties to read, when not every column is needed (the outbox's bodies are large). */
  select?: string[];
  toRow: (entity: Entity) => Row;
  /** Rows of a page or an export batch that need more than their own table (e.g. variants). */
  hydrate?: (entities: Entity[]) => Promise<Row[]>;
}

/**
 * One status filter per value of a column, each `<column> = '<value>'`: the list's filters where
 * a status is a column's value (a campaign's status, an email's, an order's payment). The values
 * are the contracts' constants, never a request's text; any but lower-case letters, `-` and `_`
 * is refused, so that the literal needs no escaping.
 */
export function filtersByValue<Value extends string>(
  column: string,
  values: readonly Value[],
): Record<Value, Condition> {
  const filters = {} as Record<Value, Condition>;
  for (const value of values) {
    if (!/^[a-z][a-z_-]*$/.test(value)) throw new Error(`Not a plain status value: ${value}`);
    filters[value] = { where: `${column} = '${value}'` };
  }
  return filters;
}

/** The rows of some entities, in their order. */
const rowsOf = <E extends ObjectLiteral, Row>(
  def: Pick<ListDefinition<E, Row, string, string>, 'toRow' | 'hydrate'>,
  entities: E[],
): Promise<Row[]> =>
  def.hydrate ? def.hydrate(entities) : Promise.resolve(entities.map(def.toRow));

/** Rows fetched per query while an export streams. */
export const EXPORT_BATCH = 1000;

/**
 * Case-insensitive "contains" over some columns; `!` escapes LIKE wildcards on both databases.
 * LIKE itself ignores case: SQLite's for ASCII letters (its LOWER() folds no others either), and
 * MySQL's under the tables' case-insensitive collation (the database's default, such as
 * utf8mb4_general_ci, which also ignores accents). The exact columns (addresses, compared byte
 * for byte) are read in such a collation for the search (`asRead`), so a search finds on each
 * database what it always did. Wrapping the column in LOWER() would change nothing found and, on
 * MariaDB, doubled the time of a search scanning half a million addresses.
 */
export function whereSearch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  columns: string[],
  search: string,
  { narrowedTo }: { narrowedTo?: Condition } = {},
): SelectQueryBuilder<T> {
  const needle = search.trim();
  if (needle === '') return qb;
  const pattern = `%${needle.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const alias = qb.alias;
  const metadata = qb.expressionMap.mainAlias?.metadata;
  const conditions = columns.map((c) => {
    const sql = `${alias}.${c}`;
    const exactColumn = metadata?.findColumnWithPropertyName(c)?.collation === EXACT_COLLATION;
    return `${exactColumn ? asRead(qb.connection, sql) : sql} LIKE :search ESCAPE '!'`;
  });
  let where = `(${conditions.join(' OR ')})`;
  if (narrowedTo) where = `(${narrowedTo.where} AND ${where})`;
  return qb.andWhere(where, { ...narrowedTo?.params, search: pattern });
}

/**
 * The rows of the list under its scope and the search, before the status filter. With a
 * `textIndex` that narrows the search, only the rows it names are tested (`narrowed`),
 * read from the list's `searchIndex` if it has one; unless the query walks the sort's index
 * (`walking`, see `listPage`), testing row after row in the list's order until it has a page:
 * the ids would only be in its way (MariaDB joins a long list of them as a table, and took 37 ms
 * for a page of signups it walked to in 9 ms without).
 */
async function searched<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
  { walking = false } = {},
): Promise<{ qb: SelectQueryBuilder<E>; narrowed: boolean }> {
  const qb = def.repository.createQueryBuilder(def.alias).where('1 = 1');
  if (def.parameters) qb.setParameters(def.parameters);
  if (def.scope) qb.andWhere(def.scope.where, def.scope.params);
  const candidates =
    def.textIndex && search.trim() !== '' && !walking
      ? await def.textIndex.candidates(def.repository.metadata.tableName, search, {
          fromIndex: def.searchIndex !== undefined,
        })
      : null;
  const narrowedTo = candidates ? amongCandidates(qb, candidates) : undefined;
  if (candidates && def.searchIndex) qb.useIndex(def.searchIndex);
  return {
    qb: whereSearch(qb, def.searchColumns, search, { narrowedTo }),
    narrowed: candidates !== null,
  };
}

/** Keeps the rows whose column holds one of some ids (none when there are none). */
export function whereOneOf<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  column: string,
  ids: number[],
): SelectQueryBuilder<T> {
  if (ids.length === 0) return qb.andWhere('1 = 0');
  const { where, params } = oneOfIds(qb, column, ids, 'oneOfIds');
  return qb.andWhere(where, params);
}

/** The rows a search index names, as a condition. */
function amongCandidates(
  qb: SelectQueryBuilder<ObjectLiteral>,
  { ids, above }: Candidates,
): Condition {
  const { alias } = qb;
  const rest = `${alias}.id > :candidatesAbove`;
  const params = { candidatesAbove: above };
  if (ids.length === 0) return { where: rest, params };
  const among = oneOfIds(qb, `${alias}.id`, ids, 'candidateIds');
  return { where: `(${among.where} OR ${rest})`, params: { ...params, ...among.params } };
}

/**
 * A condition that a column holds one of some integer ids, as many as a search reads. On MySQL
 * they are written into the statement (a bound parameter each would outgrow the protocol's
 * limits). On SQLite they are one bound JSON array read by `json_each`, so the statement's text
 * is the same whatever the ids: better-sqlite3 keeps each prepared statement (TypeORM's cache of
 * 100), and one per search, each holding thousands of ids, kept 200 MB.
 */
function oneOfIds(
  qb: SelectQueryBuilder<ObjectLiteral>,
  column: string,
  ids: number[],
  name: string,
): Condition {
  if (qb.connection.options.type === 'better-sqlite3')
    return {
      where: `${column} IN (SELECT value FROM json_each(:${name}))`,
      params: { [name]: JSON.stringify(ids) },
    };
  return { where: `${column} IN (${ids.map((id) => Math.trunc(id)).join(', ')})` };
}

/** The rows of the list under its scope, the search and the status filter. */
async function filtered<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search'>,
): Promise<SelectQueryBuilder<E>> {
  return (await filteredSearch(def, params)).qb;
}

async function filteredSearch<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search'>,
  options?: { walking?: boolean },
): Promise<{ qb: SelectQueryBuilder<E>; narrowed: boolean }> {
  const found = await searched(def, params.search, options);
  if (params.status !== 'all') {
    const condition = def.filters[params.status];
    found.qb.andWhere(condition.where, condition.params);
  }
  return found;
}

/**
 * The matching rows in the list's order. The rows a search index names are sorted among
 * themselves (`ordered`'s `searching`): at most `candidateMax` lookups, where walking the sort's
 * index tests row after row until a page matches, every row of the list when few do (170 ms for
 * the orders with a search that matches none). `searching: false` walks the sort's index
 * instead (see `listPage`).
 */
async function sortedRows<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search' | 'sort'>,
  { searching }: { searching?: boolean } = {},
): Promise<SelectQueryBuilder<E>> {
  const { qb, narrowed } = await filteredSearch(def, params, {
    walking: searching === false,
  });
  return ordered(def, qb, params.sort, { searching: searching ?? narrowed });
}

/**
 * Orders the rows by a sort field, ties by id. `searching` (a rare search in a list with a
 * `searchIndex`, see `listPage`, or the rows a search index names, see `sortedRows`): the sort
 * is written so that no index answers it (a COALESCE of the expression with itself, the same
 * order), so the database finds the matches (in the search index, or by id) and sorts only
 * those, instead of walking the sort's index and reading row after row.
 */
function ordered<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  qb: SelectQueryBuilder<E>,
  sort: S | `-${S}` = def.defaultSort,
  { searching = false } = {},
): SelectQueryBuilder<E> {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as S;
  const direction = descending ? 'DESC' : 'ASC';
  const unindexed = (sql: string) => (searching ? `COALESCE(${sql}, ${sql})` : sql);
  qb.orderBy();
  for (const expression of [def.sorts[field]].flat()) {
    qb.addOrderBy(unindexed(expression), direction);
  }
  return def.uniqueSorts?.includes(field)
    ? qb
    : qb.addOrderBy(unindexed(`${def.alias}.id`), direction);
}

/**
 * How many rows each status filter (and 'all') holds under the search: the filter buttons' figures
 * of every page request. Counting half a million rows takes longer than the page itself, and the
 * figures only change when the list's tables do, so they are kept (see `keepFigure`) until a
 * write to one of those tables, and shared by requests that ask at the same time.
 */
export function countList<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
): Promise<Record<F | 'all', number>> {
  const { dataSource, tables, key } = countsKey(def, search);
  return TableVersions.on(dataSource).keepFigure(tables, key, () => countRows(def, search));
}

/** The counts of a list and search if they are kept and still true. */
export function keptCounts<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
): Promise<Record<F | 'all', number>> | undefined {
  const { dataSource, tables, key } = countsKey(def, search);
  return TableVersions.on(dataSource).keptFigure(tables, key);
}

/** The tables a list's counts are read from, and what tells its counts from others. */
export function countsKey<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
) {
  const { tableName } = def.repository.metadata;
  return {
    dataSource: def.repository.manager.connection,
    tables: [tableName, ...(def.reads ?? [])],
    key: JSON.stringify([
      'counts',
      tableName,
      def.filters,
      def.scope ?? null,
      def.parameters ?? null,
      search.trim(),
    ]),
  };
}

/**
 * Counts each filter from the database. Without a search each count is a query of its own, which
 * the lists' indexes answer by counting index entries (a covering index range per filter)
 * instead of evaluating every filter on every row. With a search the rows must be read anyway,
 * so one pass counts every filter at once.
 */
async function countRows<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
): Promise<Record<F | 'all', number>> {
  const names = Object.keys(def.filters) as F[];
  if (search.trim() === '') {
    const countAll = (status: F | 'all') =>
      filtered(def, { status, search: '' })
        .then((qb) => qb.select('COUNT(*)', 'c').getRawOne<{ c: number | string }>())
        .then((raw) => Number(raw?.c ?? 0));
    const totals = await Promise.all([countAll('all'), ...names.map(countAll)]);
    return Object.fromEntries(['all', ...names].map((status, i) => [status, totals[i]])) as Record<
      F | 'all',
      number
    >;
  }
  const { qb } = await searched(def, search);
  qb.select('COUNT(*)', 'all');
  names.forEach((name, i) => {
    const { where, params } = def.filters[name];
    qb.addSelect(`SUM(CASE WHEN ${where} THEN 1 ELSE 0 END)`, `f${i}`);
    if (params) qb.setParameters(params);
  });
  const raw = (await qb.getRawOne<Record<string, unknown>>()) ?? {};
  const counts = { all: Number(raw.all ?? 0) } as Record<F | 'all', number>;
  names.forEach((name, i) => (counts[name] = Number(raw[`f${i}`] ?? 0)));
  return counts;
}

/**
 * The entities of some ids, in the order of the ids; an id whose row was deleted meanwhile is
 * left out.
 */
async function loadInOrder<E extends ObjectLiteral>(
  def: Pick<ListDefinition<E, unknown, string, string>, 'repository' | 'alias' | 'select'>,
  ids: (number | string)[],
): Promise<E[]> {
  if (ids.length === 0) return [];
  const qb = def.repository
    .createQueryBuilder(def.alias)
    .where(`${def.alias}.id IN (:...ids)`, { ids });
  if (def.select) qb.select(def.select);
  const byId = new Map<string, E>();
  for (const entity of await qb.getMany()) byId.set(String(entity.id), entity);
  return ids.flatMap((id) => {
    const entity = byId.get(String(id));
    return entity ? [entity] : [];
  });
}

/**
 * Rows a search may expect to read walking the sort's index before it has its page; a search
 * expected to read more scans its list's search index instead (see `ordered`).
 */
export const SEARCH_WALK_MAX = 20_000;

/**
 * One page of the list with the counts of its filter buttons. The page's ids are found first,
 * ordered and skipped over in the index alone (page 1,000 steps over 49,950 index entries, not
 * rows), then its rows are read by id.
 *
 * A search in a list with a `searchIndex` counts first, and picks how to find its page from the
 * counts: no page when nothing (or nothing more) matches; a walk along the sort's index when
 * matches are common enough to come soon (under SEARCH_WALK_MAX rows read if they are spread
 * evenly); otherwise a scan of the search index (or of the rows a `textIndex` names),
 * whose cost does not grow with rarity. Other lists sort the rows a `textIndex` names among
 * themselves (`sortedRows`).
 */
export async function listPage<E extends ObjectLiteral, Row, F extends string, S extends string>(
  def: ListDefinition<E, Row, F, S>,
  params: ListParams<F, S>,
  { walkMax = SEARCH_WALK_MAX } = {},
): Promise<ListPage<Row, F>> {
  const offset = (params.page - 1) * params.pageSize;
  const pageIds = async (searching?: boolean) =>
    (await sortedRows(def, params, { searching }))
      .select(`${def.alias}.id`, 'id')
      .offset(offset)
      .limit(params.pageSize)
      .getRawMany<{ id: number | string }>();
  // A search's page from its counts: none when nothing (or nothing more) matches; a walk along
  // the sort's index when it should read under `walkMax` rows (matches spread as evenly as the
  // counts without a search say), otherwise every match sorted.
  const pageFromCounts = async (searchCounts: Record<F | 'all', number>) => {
    const matching = searchCounts[params.status];
    if (offset >= matching) return [];
    const whole = await keptCounts(def, '');
    const walked = whole ? ((offset + params.pageSize) * whole[params.status]) / matching : null;
    return pageIds(walked === null || walked > walkMax);
  };
  const hasSearch = params.search.trim() !== '';
  let raw: { id: number | string }[];
  let counts: Record<F | 'all', number>;
  if (def.searchIndex && hasSearch) {
    counts = await countList(def, params.search);
    raw = await pageFromCounts(counts);
  } else {
    [raw, counts] = await Promise.all([pageIds(), countList(def, params.search)]);
  }
  const entities = await loadInOrder(
    def,
    raw.map((r) => r.id),
  );
  return {
    rows: await rowsOf(def, entities),
    total: counts[params.status],
    counts,
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** The ids of every matching row, in the list's order. */
export async function listIds<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search' | 'sort'>,
): Promise<(number | string)[]> {
  return readIds((await sortedRows(def, params)).select(`${def.alias}.id`, 'id'));
}

/**
 * The `id` column of a query's rows, read one row at a time into a plain list: half a
 * million ids take about 4 MB this way, where the rows as objects took over 60 MB at once.
 */
async function readIds<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
): Promise<(number | string)[]> {
  // Numbers for the lists' integer ids, text for the products' slugs.
  const ids: (number | string)[] = [];
  const { options } = qb.connection;
  if (options.type === 'better-sqlite3') {
    // TypeORM reads SQLite rows all at once: a read-only connection of our own steps through
    // them (committed rows only, as any read outside a transaction sees; see Transactions).
    if (options.database === ':memory:')
      return (await qb.getRawMany<{ id: number | string }>()).map((row) => row.id);
    const [sql, parameters] = qb.getQueryAndParameters();
    const db = new Database(options.database, { readonly: true, fileMustExist: true });
    try {
      db.pragma('cache_size = -4000');
      for (const id of db
        .prepare(sql)
        .pluck()
        .iterate(...parameters))
        ids.push(id as number | string);
    } finally {
      db.close();
    }
    return ids;
  }
  const rows = await qb.stream();
  for await (const row of rows as AsyncIterable<{ id: number | string }>) ids.push(row.id);
  return ids;
}

/** The number of rows matching a filter and search. */
export async function countMatching<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search'>,
): Promise<number> {
  return (await filtered(def, params)).getCount();
}

/**
 * Every matching row as CSV, streamed: the ids are read first in the list's order (a small
 * number each), then the rows in batches of EXPORT_BATCH by id, so memory stays bounded however
 * long the list is and a row changed during the download cannot appear twice.
 */
export function streamCsv<
  E extends ObjectLiteral,
  Row,
  F extends string,
  S extends string,
  Out = Row,
>(
  def: ListDefinition<E, Row, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search' | 'sort'>,
  columns: CsvColumn<Out>[],
  /** The CSV rows of one list row, when they are not the row itself (an order's lines). */
  expand: (row: Row) => Out[] = (row) => [row as unknown as Out],
): Readable {
  async function* generate(): AsyncGenerator<string> {
    const ids = await listIds(def, params);
    yield csvChunk(columns, [], { header: true });
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const entities = await loadInOrder(def, ids.slice(start, start + EXPORT_BATCH));
      const rows = await rowsOf(def, entities);
      yield csvChunk(columns, rows.flatMap(expand), { header: false });
    }
  }
  return Readable.from(generate(), { objectMode: false });
}

/** One page of a keyset export: its CSV rows, and the key to read on from (none: the last page). */
export interface KeysetPage<Out, Key> {
  rows: Out[];
  next: Key | undefined;
}

/**
 * Every matching row's parts as CSV (an order's lines), streamed a page at a time by keyset:
 * `page` reads the parts of the matching rows after a key (the list's filter and search as a
 * query builder, cloned for each page) in the key's order, so each page is an indexed range
 * read of bounded size, whatever the list's length, and nothing of the earlier pages is held.
 */
export function streamKeysetCsv<
  E extends ObjectLiteral,
  F extends string,
  S extends string,
  Out,
  Key,
>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search'>,
  columns: CsvColumn<Out>[],
  page: (matching: SelectQueryBuilder<E>, after: Key | undefined) => Promise<KeysetPage<Out, Key>>,
): Readable {
  async function* generate(): AsyncGenerator<string> {
    const matching = await filtered(def, params);
    yield csvChunk(columns, [], { header: true });
    let after: Key | undefined;
    do {
      const { rows, next } = await page(matching.clone(), after);
      if (rows.length) yield csvChunk(columns, rows, { header: false });
      after = next;
    } while (after !== undefined);
  }
  return Readable.from(generate(), { objectMode: false });
}

/**
 * The ids a bulk action applies to: the ticked ones, or every row matching the filter. A filter
 * matching more than `limit` rows is refused with `tooMany`, as ticking that many would be.
 */
export async function selectedIds<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  selection: ListSelection<F>,
  limit?: { max: number; tooMany: string },
): Promise<number[]> {
  if (selection.ids !== undefined && selection.filter !== undefined)
    throw new BadRequestException('Send either ids or filter, not both');
  if (selection.ids !== undefined) return [...new Set(selection.ids)];
  const params = {
    status: selection.filter?.status ?? 'all',
    search: selection.filter?.search ?? '',
  };
  if (limit && (await countMatching(def, params)) > limit.max)
    throw new BadRequestException(limit.tooMany);
  return (await filtered(def, params))
    .select(`${def.alias}.id`, 'id')
    .getRawMany<{ id: number | string }>()
    .then((raw) => raw.map((r) => Number(r.id)));
}

/** Rows updated per statement, well under every database's limit on bound parameters. */
const UPDATE_BATCH = 1000;

/** Runs an update over many ids in batches and answers how many rows changed. */
async function updateInBatches(
  ids: number[],
  update: (batch: number[]) => Promise<{ affected?: number | null }>,
): Promise<number> {
  let affected = 0;
  for (let start = 0; start < ids.length; start += UPDATE_BATCH) {
    affected += (await update(ids.slice(start, start + UPDATE_BATCH))).affected ?? 0;
  }
  return affected;
}

/**
 * Makes one change to the chosen rows of a list, or to every row a filter matches (see
 * `selectedIds`), in batches; answers how many rows changed.
 */
export async function updateSelected<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  selection: ListSelection<F>,
  changes: QueryDeepPartialEntity<E>,
  limit?: { max: number; tooMany: string },
): Promise<number> {
  const ids = await selectedIds(def, selection, limit);
  return updateInBatches(ids, (batch) => def.repository.update(batch, changes));
}
