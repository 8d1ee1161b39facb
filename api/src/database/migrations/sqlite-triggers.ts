import type { QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/**
 * Runs `rebuild`, which may rebuild some tables on SQLite (TypeORM adds and drops a column there
 * by copying the table into a new one), with those tables' triggers dropped before and created
 * again after, as they were: a rebuilt table would lose them (the fans' figures and the search
 * index would stop following its writes), and SQLite checks every trigger of the schema while it
 * renames the copy into place, when a table one names may be missing. On MySQL/MariaDB, which
 * alter a table in place and keep its triggers, `rebuild` simply runs.
 */
export async function keepingTriggers(
  queryRunner: QueryRunner,
  tables: string[],
  rebuild: () => Promise<void>,
): Promise<void> {
  if (isMysql(queryRunner)) return rebuild();
  const triggers = (await queryRunner.query(
    `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${tables
      .map(() => '?')
      .join(', ')}) ORDER BY name`,
    tables,
  )) as { name: string; sql: string }[];
  for (const { name } of triggers)
    await queryRunner.query(`DROP TRIGGER "${name.replace(/"/g, '""')}"`);
  await rebuild();
  for (const { sql } of triggers) await queryRunner.query(sql);
}
