import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Pre-orders: the date a product on pre-order ships from, and on each order whether it holds a
 * pre-order and the latest date its pre-order lines ship from.
 */
export class AddPreOrders1767810000000 implements MigrationInterface {
  name = 'AddPreOrders1767810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'products',
      new TableColumn({ name: 'preOrderUntil', type: 'varchar', length: '10', isNullable: true }),
    );
    await queryRunner.addColumns('orders', [
      new TableColumn({ name: 'preOrder', type: 'boolean', default: 0 }),
      new TableColumn({ name: 'preOrderUntil', type: 'varchar', length: '10', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns('orders', ['preOrder', 'preOrderUntil']);
    await queryRunner.dropColumn('products', 'preOrderUntil');
  }
}
