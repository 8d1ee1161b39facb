import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/** The customer as the orders list sorts by them (a fixed copy of the entity's expression). */
const CUSTOMER_SORT_SQL = 'LOWER(COALESCE(customerName, email))';
const COLUMN = 'customerSort';
const INDEX = 'IDX_orders_customerSort';

/**
 * The orders list sorted by customer read every order and sorted them (220 ms at half a million
 * orders): the sort's expression becomes a virtual column (worked out on read, stored only in
 * its index) with an index, as the signups' subscription state did (`IndexListSorts`). On MySQL/
 * MariaDB the column takes the table's collation, so "É" still sorts beside "E". On SQLite the
 * column is added in place (TypeORM's `addColumn` would copy the table, and its triggers with
 * it), with the expression recorded where TypeORM reads a generated column's from.
 */
export class IndexTheOrdersByCustomer1768900000000 implements MigrationInterface {
  name = 'IndexTheOrdersByCustomer1768900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.addColumn(
        'orders',
        new TableColumn({
          name: COLUMN,
          type: 'varchar',
          length: '320',
          generatedType: 'VIRTUAL',
          asExpression: CUSTOMER_SORT_SQL,
          isNullable: true,
        }),
      );
    } else {
      await queryRunner.query(
        `ALTER TABLE "orders" ADD COLUMN "${COLUMN}" varchar(320) GENERATED ALWAYS AS (${CUSTOMER_SORT_SQL}) VIRTUAL`,
      );
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata" ("type", "database", "schema", "table", "name", "value") VALUES ('GENERATED_COLUMN', NULL, NULL, 'orders', ?, ?)`,
        [COLUMN, CUSTOMER_SORT_SQL],
      );
    }
    await queryRunner.createIndex('orders', new TableIndex({ name: INDEX, columnNames: [COLUMN] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('orders', INDEX);
    if (isMysql(queryRunner)) {
      await queryRunner.dropColumn('orders', COLUMN);
      return;
    }
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "${COLUMN}"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = 'orders' AND "name" = ?`,
      [COLUMN],
    );
  }
}
