import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { WholeNumberField } from '../common/numbers.js';
import { LIST_SEARCH_MAX, type ListSelection } from '@artist/contracts';

export const MAX_ID = 2_147_483_647;

/**
 * `ids` of a bulk update: at least one, whole positive numbers; each list sets its own maximum.
 * Not needed when the request names a `filter` instead (see BulkFilter).
 */
export function BulkIds(noun: string, max: number, tooMany?: string) {
  return (target: object, property: string) => {
    ValidateIf((o: ListSelection<string>) => o.filter === undefined || o.ids !== undefined)(
      target,
      property,
    );
    // Applied bottom-up like stacked decorators, so the messages come out from IsArray down.
    Max(MAX_ID, { each: true, message: 'Each id must be a whole number' })(target, property);
    Min(1, { each: true, message: 'Each id must be a whole number' })(target, property);
    IsInt({ each: true, message: 'Each id must be a whole number' })(target, property);
    ArrayMaxSize(max, {
      message: tooMany ?? `Please select up to ${max} ${noun}s at a time.`,
    })(target, property);
    ArrayNotEmpty({ message: `Please select at least one ${noun}.` })(target, property);
    IsArray({ message: `ids must be a list of ${noun} ids` })(target, property);
    ApiProperty({ type: [Number], example: [1, 2, 3], maxItems: max })(target, property);
  };
}

/** `:id` of a route. */
export class IdParam {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID })
  @Type(() => Number)
  @WholeNumberField(1, MAX_ID, 'id must be a whole number')
  id: number;
}

/** `true`/`false` as JSON booleans or the stored text, for the flags of bulk updates. */
export const FLAG_VALUES = [true, false, 'true', 'false'] as const;
export const flagText = (value: (typeof FLAG_VALUES)[number]): 'true' | 'false' =>
  value === true || value === 'true' ? 'true' : 'false';

/** The `filter` of a bulk update: the list's status filter and search, as in its query. */
export function ListFilterDto(filters: readonly string[]) {
  const statuses = ['all', ...filters];
  class ListFilter {
    @ApiPropertyOptional({ enum: statuses, default: 'all' })
    @IsOptional()
    @IsIn(statuses, {
      message: ({ value }) =>
        `Unknown status '${String(value)}': status must be one of ${statuses.join(', ')}`,
    })
    status?: string;

    @ApiPropertyOptional({ maxLength: LIST_SEARCH_MAX })
    @IsOptional()
    @IsString({ message: 'search must be a single text' })
    @MaxLength(LIST_SEARCH_MAX, {
      message: `search must be at most ${LIST_SEARCH_MAX} characters`,
    })
    search?: string;
  }
  return ListFilter;
}

/**
 * `filter` of a bulk update: every row of the list matching this status and search, chosen by
 * the server ("Select all N matching"), instead of `ids`.
 */
export function BulkFilter(filters: readonly string[]) {
  const ListFilter = ListFilterDto(filters);
  return (target: object, property: string) => {
    Type(() => ListFilter)(target, property);
    ValidateNested()(target, property);
    IsObject({ message: 'filter must be an object with status and search' })(target, property);
    IsOptional()(target, property);
    ApiPropertyOptional({ type: ListFilter, description: 'Instead of ids: every matching row' })(
      target,
      property,
    );
  };
}
