import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Back-in-stock alerts: a notify-me request names its product by id (so a renamed product keeps
 * its requests), carries the token of its one-click unsubscribe link, and remembers an
 * unsubscribe. Product names may be as long as the catalogue allows (120).
 */
export class AddBackInStockAlerts1765700000100 implements MigrationInterface {
  name = 'AddBackInStockAlerts1765700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.changeColumn(
      'notify_me',
      'productName',
      new TableColumn({ name: 'productName', type: 'varchar', length: '120' }),
    );
    await queryRunner.addColumns('notify_me', [
      new TableColumn({ name: 'productId', type: 'varchar', length: '60', isNullable: true }),
      new TableColumn({ name: 'token', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'unsubscribedAt', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.createIndices('notify_me', [
      new TableIndex({ name: 'IDX_notify_me_token', columnNames: ['token'], isUnique: true }),
      new TableIndex({
        name: 'IDX_notify_me_productId_notified',
        columnNames: ['productId', 'notified'],
      }),
    ]);
    // Requests made so far name the product as the shop showed it.
    await queryRunner.query(
      'UPDATE notify_me SET productId = (SELECT p.id FROM products p WHERE p.name = notify_me.productName)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('notify_me', 'IDX_notify_me_productId_notified');
    await queryRunner.dropIndex('notify_me', 'IDX_notify_me_token');
    for (const name of ['unsubscribedAt', 'token', 'productId'])
      await queryRunner.dropColumn('notify_me', name);
    await queryRunner.query(
      'UPDATE notify_me SET productName = SUBSTR(productName, 1, 50) WHERE LENGTH(productName) > 50',
    );
    await queryRunner.changeColumn(
      'notify_me',
      'productName',
      new TableColumn({ name: 'productName', type: 'varchar', length: '50' }),
    );
  }
}
