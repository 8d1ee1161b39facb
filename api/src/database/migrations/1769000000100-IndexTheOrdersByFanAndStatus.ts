import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const INDEX = 'IDX_orders_fanId_paymentStatus';

/**
 * The buyers of a product (a campaign audience "bought product X") are the fans of its orders not
 * wholly refunded. MariaDB found them by reading every order from the table, larger than its
 * default 128 MB buffer pool at half a million orders (3 to 5 s); with the fan and the payment
 * status in one index (which holds the order's id too) it reads that index instead (1 s).
 */
export class IndexTheOrdersByFanAndStatus1769000000100 implements MigrationInterface {
  name = 'IndexTheOrdersByFanAndStatus1769000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'orders',
      new TableIndex({ name: INDEX, columnNames: ['fanId', 'paymentStatus'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('orders', INDEX);
  }
}
