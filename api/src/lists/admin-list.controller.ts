import { Get, Inject, Query, type StreamableFile, type Type } from '@nestjs/common';
import type { ListPage } from '@artist/contracts';
import type { ObjectLiteral } from 'typeorm';
import { AdminController } from '../common/admin-only.js';
import { Clock } from '../common/clock.js';
import { csvFile, type CsvColumn } from './csv.js';
import { listPage, streamCsv, type ListDefinition } from './list.js';
import { ListQueryDto } from './list-query.js';

/** A service that defines an admin list (see `ListDefinition`). */
export interface ListSource<
  Entity extends ObjectLiteral,
  Row,
  Filter extends string,
  Sort extends string,
> {
  listDefinition(): ListDefinition<Entity, Row, Filter, Sort>;
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

  @AdminController(options.path, options.tag)
  class AdminList {
    constructor(
      @Inject(options.source) private readonly source: ListSource<Entity, Row, Filter, Sort>,
      private readonly clock: Clock,
    ) {}

    @Get()
    list(@Query() query: TabQuery): Promise<ListPage<Row, Filter>> {
      return listPage(this.source.listDefinition(), query);
    }

    @Get('export')
    export(@Query() query: TabQuery): StreamableFile {
      const rows = streamCsv(this.source.listDefinition(), query, options.columns);
      return csvFile(options.exportName, this.clock.today(), rows);
    }
  }
  return AdminList;
}
