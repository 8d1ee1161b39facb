import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A merch-table sale can name the show it was made at (`showId`), so sales add up by show. No
 * foreign key: a deleted show leaves its sales as they were, still read by their `showLocation`.
 */
export class AddOrderShow1765800000000 implements MigrationInterface {
  name = 'AddOrderShow1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'orders',
      new TableColumn({ name: 'showId', type: 'integer', isNullable: true }),
    );
    await queryRunner.createIndex(
      'orders',
      new TableIndex({ name: 'IDX_orders_showId', columnNames: ['showId'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('orders', 'IDX_orders_showId');
    await queryRunner.dropColumn('orders', 'showId');
  }
}
