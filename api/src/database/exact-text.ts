import { Column, type DataSource } from 'typeorm';

/**
 * The collation of the columns that name someone or something exactly on MySQL/MariaDB: email
 * addresses, link tokens and session ids. The database's default collation (such as
 * utf8mb4_unicode_ci) ignores case and accents, so `josé@` would find `jose@`'s records and a
 * token with its letters' case swapped would pass. Under it they compare byte for byte, as
 * SQLite's `=` always does; addresses are stored lower-cased, so letter case still never makes
 * two people of one.
 */
export const EXACT_COLLATION = 'utf8mb4_bin';

/** Column options of such a column (see `keepCollationsToMysql` for SQLite). */
export const exact = { collation: EXACT_COLLATION } as const;

/** An email address column: as long as an address may be (320), compared exactly. */
export const EmailColumn = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'varchar', length: 320, ...options, ...exact });

/** An unguessable token of an emailed link (64 characters), compared exactly. */
export const LinkTokenColumn = (options: { nullable?: boolean } = {}) =>
  Column({ type: 'varchar', length: 64, ...options, ...exact });

/** The collation a search or a sort by people's eyes reads those columns in, on MySQL/MariaDB. */
export const READING_COLLATION = 'utf8mb4_unicode_ci';

/**
 * SQLite has no MySQL collation: the entities' `utf8mb4_bin` is left out of this data source's
 * metadata, so no schema SQL written for SQLite names it. Its `=` compares bytes anyway.
 */
export function keepCollationsToMysql(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  for (const entity of dataSource.entityMetadatas) {
    for (const column of entity.columns) {
      if (column.collation === EXACT_COLLATION) column.collation = undefined;
    }
  }
}

/**
 * An exact column's SQL as people read it: on MySQL/MariaDB in a case- and accent-insensitive
 * collation, as the other text is, so a search for "muller" finds "müller" there as it always did
 * and a sort puts "é" beside "e"; on SQLite as it is.
 */
export function asRead(dataSource: DataSource, sql: string): string {
  return dataSource.options.type === 'better-sqlite3' ? sql : `${sql} COLLATE ${READING_COLLATION}`;
}
