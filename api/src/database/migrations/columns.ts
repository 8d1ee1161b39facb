import type { QueryRunner, TableColumnOptions } from 'typeorm';

/** Column helpers so one migration describes the same schema on MySQL/MariaDB and SQLite. */
export const isMysql = (queryRunner: QueryRunner) => {
  const type = queryRunner.connection.options.type;
  return type === 'mysql' || type === 'mariadb';
};

export const idColumn = (): TableColumnOptions => ({
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});

/** `createdAt`/`updatedAt` as TypeORM's Create/UpdateDateColumn expect them on each database. */
export function timestampColumns(
  queryRunner: QueryRunner,
  withUpdated = true,
): TableColumnOptions[] {
  const mysql = isMysql(queryRunner);
  const now = mysql ? 'CURRENT_TIMESTAMP(6)' : "datetime('now')";
  const stamp = (name: string, onUpdate?: string): TableColumnOptions => ({
    name,
    type: 'datetime',
    ...(mysql ? { precision: 6 } : {}),
    default: now,
    ...(onUpdate ? { onUpdate } : {}),
  });
  return withUpdated
    ? [stamp('createdAt'), stamp('updatedAt', mysql ? now : undefined)]
    : [stamp('createdAt')];
}
