import { applyDecorators, BadRequestException } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Reads the `status` and `search` query parameters of an admin list or export. They are read one
 * by one (not as a DTO) because the admin's refresh adds a cache-busting parameter of its own,
 * which must not be refused as an unknown field.
 */
export function readListQuery<S extends string>(
  query: Record<string, unknown>,
  statuses: readonly S[],
): { status: S | 'all'; search: string } {
  const { status = 'all', search = '' } = query;
  if (typeof status !== 'string' || (status !== 'all' && !statuses.includes(status as S))) {
    throw new BadRequestException(`status must be one of all, ${statuses.join(', ')}`);
  }
  if (typeof search !== 'string' || search.length > 200) {
    throw new BadRequestException('search must be a single text of at most 200 characters');
  }
  return { status: status as S | 'all', search: search.trim() };
}

/** Case-insensitive "contains" over some columns; `!` escapes LIKE wildcards on both databases. */
export function whereSearch<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  columns: string[],
  search: string,
): SelectQueryBuilder<T> {
  if (search === '') return qb;
  const pattern = `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const alias = qb.alias;
  const conditions = columns.map((c) => `LOWER(${alias}.${c}) LIKE :search ESCAPE '!'`);
  return qb.andWhere(`(${conditions.join(' OR ')})`, { search: pattern });
}

/** Documents the `status` and `search` query parameters of a list or export. */
export const ApiListQuery = (statuses: readonly string[]) =>
  applyDecorators(
    ApiQuery({ name: 'status', required: false, enum: ['all', ...statuses] }),
    ApiQuery({ name: 'search', required: false, type: String }),
  );
