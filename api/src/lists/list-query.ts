import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WholeNumberField } from '../common/numbers.js';
import {
  LIST_PAGE_SIZE,
  LIST_PAGE_SIZE_MAX,
  LIST_SEARCH_MAX,
  type ListQuery,
} from '@artist/contracts';

/** The query of a list after validation: every part present. */
export interface ListParams<Filter extends string, Sort extends string> {
  status: Filter | 'all';
  search: string;
  sort?: Sort | `-${Sort}`;
  page: number;
  pageSize: number;
}

export interface ListQueryDto<Filter extends string, Sort extends string> extends ListQuery<
  Filter,
  Sort
> {
  status: Filter | 'all';
  search: string;
  page: number;
  pageSize: number;
}

type ListQueryClass<Filter extends string, Sort extends string> = new () => ListQueryDto<
  Filter,
  Sort
>;

/**
 * The DTO of one admin list's query (and its CSV export), checked by the global ValidationPipe:
 * `status` one of the list's filters or 'all', `sort` one of its sort fields with an optional
 * '-' in front, `page` from 1, `pageSize` 1 to 200, `search` at most 200 characters. A wrong value
 * is refused with a 400 naming it; any other parameter is refused as unknown.
 */
export function ListQueryDto<Filter extends string, Sort extends string>(
  filters: readonly Filter[],
  sorts: readonly Sort[],
): ListQueryClass<Filter, Sort> {
  const statuses = ['all', ...filters];
  const sortValues = [...sorts, ...sorts.map((s) => `-${s}`)];

  class Query implements ListQueryDto<Filter, Sort> {
    @ApiPropertyOptional({ enum: statuses, default: 'all' })
    @IsOptional()
    @IsIn(statuses, {
      message: ({ value }) =>
        `Unknown status '${String(value)}': status must be one of ${statuses.join(', ')}`,
    })
    status: Filter | 'all' = 'all';

    @ApiPropertyOptional({ maxLength: LIST_SEARCH_MAX, description: 'Case-insensitive contains' })
    @IsOptional()
    @IsString({ message: 'search must be a single text' })
    @MaxLength(LIST_SEARCH_MAX, {
      message: `search must be at most ${LIST_SEARCH_MAX} characters`,
    })
    search = '';

    @ApiPropertyOptional({ enum: sortValues, description: "A field; '-' in front for descending" })
    @IsOptional()
    @IsIn(sortValues, {
      message: ({ value }) =>
        `Unknown sort field '${String(value)}': sort by one of ${sorts.join(', ')} ` +
        `(with '-' in front for descending)`,
    })
    sort?: Sort | `-${Sort}`;

    @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
    @IsOptional()
    @Type(() => Number)
    @WholeNumberField(1, 1_000_000_000, 'page must be a whole number from 1')
    page = 1;

    @ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: LIST_PAGE_SIZE_MAX,
      default: LIST_PAGE_SIZE,
    })
    @IsOptional()
    @Type(() => Number)
    @WholeNumberField(
      1,
      LIST_PAGE_SIZE_MAX,
      `pageSize must be a whole number from 1 to ${LIST_PAGE_SIZE_MAX}`,
    )
    pageSize = LIST_PAGE_SIZE;
  }
  return Query;
}
