import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * A SELECT of one column with its parameters: one module's part of another module's query (its
 * `x IN (piece)`), so that a count spanning two modules' tables is one statement while each
 * table is still read only by its owner's code. The owner names its parameters with its own
 * prefix, so pieces of several modules go into one query. `tables`: those it reads, for a figure
 * kept while they are unwritten (`TableVersions`).
 */
export interface SqlPiece {
  sql: string;
  parameters: ObjectLiteral;
  tables: readonly string[];
}

/** The piece a query builder makes (its one selected column), for another module's query. */
export const sqlPiece = (query: SelectQueryBuilder<ObjectLiteral>): SqlPiece => ({
  sql: query.getQuery(),
  parameters: query.getParameters(),
  tables: query.expressionMap.aliases.flatMap((alias) =>
    alias.hasMetadata ? [alias.metadata.tableName] : [],
  ),
});
