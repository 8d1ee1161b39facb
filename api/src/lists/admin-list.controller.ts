import { Get, Inject, Query, type StreamableFile, type Type } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import type { ListPage } from '@artist/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AdminController } from '../common/admin-only.js';
import { Clock } from '../common/clock.js';
import { csvFile, type CsvColumn } from './csv.js';
import {
  listPage,
  streamCsv,
  streamKeysetCsv,
  type KeysetPage,
  type ListDefinition,
} from './list.js';
import { ListQueryDto } from './list-query.js';

/** A service that defines an admin list (see `ListDefinition`). */
export interface ListSource<
  Entity extends ObjectLiteral,
  Row,
  Filter extends string,
  Sort extends string,
> {
  listDefinition(): ListDefinition<Entity, Row, Filter, Sort>;
  /** The list under its own parameters (`AdminListOptions.params`), as sent. */
  listDefinitionOf?(
    params: Record<string, string | undefined>,
  ): ListDefinition<Entity, Row, Filter, Sort>;
}

/**
 * A query parameter of one list besides status, search, sort and page (the members' `tierId`),
 * checked against `pattern`, which the list's definition turns into its `scope`.
 */
export interface ListParam {
  name: string;
  description: string;
  pattern: RegExp;
  /** The 400's sentence when the value does not match. */
  message: string;
}

/** What an admin tab's list is, for `AdminListController`. */
export interface AdminListOptions<
  Entity extends ObjectLiteral,
  Row,
  Filter extends string,
  Sort extends string,
> {
  /** The list's path under /api, e.g. 'admin/fans'. */
  path: string;
  /** The OpenAPI tag of the tab's routes. */
  tag: string;
  /** The service whose `listDefinition()` answers the list. */
  source: Type<ListSource<Entity, Row, Filter, Sort>>;
  /** The list's status filters besides 'all' (its contracts' `…_LIST_FILTERS`). */
  filters: readonly Filter[];
  /** The list's sort fields (its contracts' `…_SORTS`). */
  sorts: readonly Sort[];
  /** The CSV's columns, in order. */
  columns: CsvColumn<Row>[];
  /** The download's name before its date (an `EXPORT_NAMES` entry). */
  exportName: string;
  /**
   * A second CSV of the same rows, asked for with `?<param>=true`: one row for each part of a
   * list row (an order's lines), with its own columns.
   */
  partsExport?: PartsExport<Entity>;
  /** Parameters of this list alone, handed to its `listDefinition`. */
  params?: ListParam[];
}

/** See `AdminListOptions.partsExport`. */
export interface PartsExport<Entity extends ObjectLiteral> {
  param: string;
  description: string;
  // The parts' type is the export's own business: any row type the columns read.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: CsvColumn<any>[];
  /**
   * A page of the parts of the matching rows (the list's filter and search as a query builder)
   * after a key, in the key's order (by keyset, see `streamKeysetCsv`), and the key to go on from.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  page: (matching: SelectQueryBuilder<Entity>, after: any) => Promise<KeysetPage<unknown, unknown>>;
}

/**
 * The two routes every admin list has, from its definition: `GET <path>`, a page of the list,
 * and `GET <path>/export`, the CSV of all its rows under the same filter, search and sort.
 * A tab declares `class XListController extends AdminListController({...}) {}` and registers
 * it in its module before the tab's own controller: a `GET <path>/:id` declared earlier would
 * take the word "export" as an id.
 */
export function AdminListController<
  Entity extends ObjectLiteral,
  Row,
  Filter extends string,
  Sort extends string,
>(options: AdminListOptions<Entity, Row, Filter, Sort>) {
  /** The list's own query DTO, which the ValidationPipe checks and OpenAPI describes. */
  class TabQuery extends ListQueryDto(options.filters, options.sorts) {}
  const parts = options.partsExport;
  if (parts) {
    // The parts' flag, declared on the query as a decorated property would be.
    for (const decorate of [
      ApiPropertyOptional({ enum: ['true', 'false'], description: parts.description }),
      IsOptional(),
      IsIn(['true', 'false'], { message: `${parts.param} must be true or false` }),
    ])
      decorate(TabQuery.prototype, parts.param);
  }

  for (const param of options.params ?? []) {
    for (const decorate of [
      ApiPropertyOptional({ type: 'string', description: param.description }),
      IsOptional(),
      Matches(param.pattern, { message: param.message }),
    ])
      decorate(TabQuery.prototype, param.name);
  }
  /** The list's own parameters of a query, for its definition (a list without any gets none). */
  const own = (query: TabQuery) =>
    options.params === undefined
      ? undefined
      : Object.fromEntries(
          (options.params ?? []).map(({ name }) => [
            name,
            (query as unknown as Record<string, string | undefined>)[name],
          ]),
        );

  @AdminController(options.path, options.tag)
  class AdminList {
    constructor(
      @Inject(options.source) private readonly source: ListSource<Entity, Row, Filter, Sort>,
      private readonly clock: Clock,
    ) {}

    @Get()
    list(@Query() query: TabQuery): Promise<ListPage<Row, Filter>> {
      const ownParams = own(query);
      const def =
        ownParams && this.source.listDefinitionOf
          ? this.source.listDefinitionOf(ownParams)
          : this.source.listDefinition();
      return listPage(def, query);
    }

    @Get('export')
    export(@Query() query: TabQuery): StreamableFile {
      const ownParams = own(query);
      const def =
        ownParams && this.source.listDefinitionOf
          ? this.source.listDefinitionOf(ownParams)
          : this.source.listDefinition();
      const asked = parts && (query as unknown as Record<string, string>)[parts.param] === 'true';
      const rows = asked
        ? streamKeysetCsv(def, query, parts.columns, parts.page)
        : streamCsv(def, query, options.columns);
      return csvFile(
        asked ? `${options.exportName}-${parts.param}` : options.exportName,
        this.clock.today(),
        rows,
      );
    }
  }
  return AdminList;
}
