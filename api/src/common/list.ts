import { Readable } from 'node:stream';
import { BadRequestException } from '@nestjs/common';
import type { ListPage, ListSelection } from '@artist/contracts';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { csvChunk, type CsvColumn } from './csv.js';
import type { ListParams } from './list-query.js';

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
  /** Named parameters the filters and sorts share, e.g. today's date in the artist's zone. */
  parameters?: ObjectLiteral;
  /** Conditions every row of the list meets whatever the filter (e.g. an export's scope). */
  scope?: Condition;
  /** Properties a search looks in, each a case-insensitive "contains". */
  searchColumns: string[];
  /**
   * The SQL of each sort field in the list's alias (several expressions sort by each in turn).
   * Ties go by id in the same direction.
   */
  sorts: Record<Sort, string | string[]>;
  defaultSort: Sort | `-${Sort}`;
  /** Properties to read, when not every column is needed (the outbox's bodies are large). */
  select?: string[];
  toRow: (entity: Entity) => Row;
  /** Rows of a page or an export batch that need more than their own table (e.g. variants). */
  hydrate?: (entities: Entity[]) => Promise<Row[]>;
}

/** The rows of some entities, in their order. */
const rowsOf = <E extends ObjectLiteral, Row>(
  def: Pick<ListDefinition<E, Row, string, string>, 'toRow' | 'hydrate'>,
  entities: E[],
): Promise<Row[]> =>
  def.hydrate ? def.hydrate(entities) : Promise.resolve(entities.map(def.toRow));

/** Rows fetched per query while an export streams. */
export const EXPORT_BATCH = 1000;

/** Case-insensitive "contains" over some columns; `!` escapes LIKE wildcards on both databases. */
export function whereSearch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  columns: string[],
  search: string,
): SelectQueryBuilder<T> {
  const needle = search.trim();
  if (needle === '') return qb;
  const pattern = `%${needle.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const alias = qb.alias;
  const conditions = columns.map((c) => `LOWER(${alias}.${c}) LIKE :search ESCAPE '!'`);
  return qb.andWhere(`(${conditions.join(' OR ')})`, { search: pattern });
}

/** The rows of the list under its scope and the search, before the status filter. */
function searched<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
): SelectQueryBuilder<E> {
  const qb = def.repository.createQueryBuilder(def.alias).where('1 = 1');
  if (def.parameters) qb.setParameters(def.parameters);
  if (def.scope) qb.andWhere(def.scope.where, def.scope.params);
  return whereSearch(qb, def.searchColumns, search);
}

function filtered<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search'>,
): SelectQueryBuilder<E> {
  const qb = searched(def, params.search);
  if (params.status !== 'all') {
    const condition = def.filters[params.status];
    qb.andWhere(condition.where, condition.params);
  }
  return qb;
}

function ordered<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  qb: SelectQueryBuilder<E>,
  sort: S | `-${S}` = def.defaultSort,
): SelectQueryBuilder<E> {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as S;
  const direction = descending ? 'DESC' : 'ASC';
  qb.orderBy();
  for (const expression of [def.sorts[field]].flat()) qb.addOrderBy(expression, direction);
  return qb.addOrderBy(`${def.alias}.id`, direction);
}

/**
 * How many rows each status filter (and 'all') holds under the search. Without a search each
 * count is a query of its own, which the lists' indexes answer by counting index entries (a
 * covering index range per filter) instead of evaluating every filter on every row; with a
 * search the rows must be read anyway, so one pass counts every filter at once.
 */
export async function countList<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  search: string,
): Promise<Record<F | 'all', number>> {
  const names = Object.keys(def.filters) as F[];
  if (search.trim() === '') {
    const statuses: (F | 'all')[] = ['all', ...names];
    const totals = await Promise.all(
      statuses.map((status) =>
        filtered(def, { status, search: '' })
          .select('COUNT(*)', 'c')
          .getRawOne<{ c: number | string }>(),
      ),
    );
    return Object.fromEntries(
      statuses.map((status, i) => [status, Number(totals[i]?.c ?? 0)]),
    ) as Record<F | 'all', number>;
  }
  const qb = searched(def, search).select('COUNT(*)', 'all');
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

/** One page of the list with the counts of its filter buttons. */
export async function listPage<E extends ObjectLiteral, Row, F extends string, S extends string>(
  def: ListDefinition<E, Row, F, S>,
  params: ListParams<F, S>,
): Promise<ListPage<Row, F>> {
  const qb = ordered(def, filtered(def, params), params.sort)
    .offset((params.page - 1) * params.pageSize)
    .limit(params.pageSize);
  if (def.select) qb.select(def.select);
  const [entities, counts] = await Promise.all([qb.getMany(), countList(def, params.search)]);
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
  const qb = ordered(def, filtered(def, params), params.sort).select(`${def.alias}.id`, 'id');
  const raw = await qb.getRawMany<{ id: number | string }>();
  return raw.map((r) => r.id);
}

/** The number of rows matching a filter and search. */
export async function countMatching<E extends ObjectLiteral, F extends string, S extends string>(
  def: ListDefinition<E, unknown, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search'>,
): Promise<number> {
  return filtered(def, params).getCount();
}

/**
 * Every matching row as CSV, streamed: the ids are read first in the list's order (a small
 * number each), then the rows in batches of EXPORT_BATCH by id, so memory stays bounded however
 * long the list is and a row changed during the download cannot appear twice.
 */
export function streamCsv<E extends ObjectLiteral, Row, F extends string, S extends string>(
  def: ListDefinition<E, Row, F, S>,
  params: Pick<ListParams<F, S>, 'status' | 'search' | 'sort'>,
  columns: CsvColumn<Row>[],
): Readable {
  async function* generate(): AsyncGenerator<string> {
    const ids = await listIds(def, params);
    yield csvChunk(columns, [], { header: true });
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const batch = ids.slice(start, start + EXPORT_BATCH);
      const qb = def.repository
        .createQueryBuilder(def.alias)
        .where(`${def.alias}.id IN (:...ids)`, { ids: batch });
      if (def.select) qb.select(def.select);
      const byId = new Map<string, E>();
      for (const entity of await qb.getMany()) byId.set(String(entity.id), entity);
      // A row deleted since the ids were read is left out.
      const entities = batch.flatMap((id) => {
        const entity = byId.get(String(id));
        return entity ? [entity] : [];
      });
      const rows = await rowsOf(def, entities);
      yield csvChunk(columns, rows, { header: false });
    }
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
  return filtered(def, params)
    .select(`${def.alias}.id`, 'id')
    .getRawMany<{ id: number | string }>()
    .then((raw) => raw.map((r) => Number(r.id)));
}

/** Rows updated per statement, well under every database's limit on bound parameters. */
export const UPDATE_BATCH = 1000;

/** Runs an update over many ids in batches and answers how many rows changed. */
export async function updateInBatches(
  ids: number[],
  update: (batch: number[]) => Promise<{ affected?: number | null }>,
): Promise<number> {
  let affected = 0;
  for (let start = 0; start < ids.length; start += UPDATE_BATCH) {
    affected += (await update(ids.slice(start, start + UPDATE_BATCH))).affected ?? 0;
  }
  return affected;
}
