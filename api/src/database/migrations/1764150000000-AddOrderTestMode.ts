import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Marks orders the built-in test payment provider took: no money moved for them. */
export class AddOrderTestMode1764150000000 implements MigrationInterface {
  name = 'AddOrderTestMode1764150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'orders',
      new TableColumn({ name: 'testMode', type: 'boolean', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('orders', 'testMode');
  }
}
