import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';
import { keepingTriggers } from './sqlite-triggers.js';

/** Fixed copies: the size columns as they were made, and what they become. */
const COLUMNS: { table: string; nullable: boolean }[] = [
  { table: 'product_variants', nullable: false },
  { table: 'order_lines', nullable: true },
  { table: 'notify_me', nullable: true },
];

const sizeColumn = (length: number, nullable: boolean) =>
  new TableColumn({
    name: 'size',
    type: 'varchar',
    length: String(length),
    isNullable: nullable,
    ...(nullable ? {} : { default: "''" }),
  });

/**
 * A product's sizes are the artist's to name ("One size", "Youth M"): a size's columns hold 12
 * characters where they held 10 (S to 2XL).
 */
export class WidenSizeNames1768400000000 implements MigrationInterface {
  name = 'WidenSizeNames1768400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await resize(queryRunner, 10, 12);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Longer names are cut to fit the narrower columns.
    for (const { table } of COLUMNS)
      await queryRunner.query(
        `UPDATE ${table} SET size = SUBSTR(size, 1, 10) WHERE LENGTH(size) > 10`,
      );
    await resize(queryRunner, 12, 10);
  }
}

async function resize(queryRunner: QueryRunner, from: number, to: number): Promise<void> {
  if (isMysql(queryRunner)) {
    // In place: TypeORM's changeColumn drops and adds a column whose length changes.
    for (const { table, nullable } of COLUMNS)
      await queryRunner.query(
        `ALTER TABLE \`${table}\` MODIFY \`size\` varchar(${to}) ${nullable ? 'NULL' : "NOT NULL DEFAULT ''"}`,
      );
    return;
  }
  await keepingTriggers(
    queryRunner,
    COLUMNS.map((c) => c.table),
    async () => {
      for (const { table, nullable } of COLUMNS)
        await queryRunner.changeColumn(table, sizeColumn(from, nullable), sizeColumn(to, nullable));
    },
  );
}
