import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

/**
 * Discount codes and the uses checkout holds of them; the code and saving of each checkout and
 * order.
 */
export class CreateDiscountCodes1767400001000 implements MigrationInterface {
  name = 'CreateDiscountCodes1767400001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'discount_codes',
        columns: [
          idColumn(),
          { name: 'code', type: 'varchar', length: '30' },
          { name: 'percentOff', type: 'integer', isNullable: true },
          { name: 'amountOffCents', type: 'integer', isNullable: true },
          { name: 'minSubtotalCents', type: 'integer', isNullable: true },
          { name: 'startsAt', type: 'datetime', isNullable: true },
          { name: 'endsAt', type: 'datetime', isNullable: true },
          { name: 'maxUses', type: 'integer', isNullable: true },
          { name: 'oncePerEmail', type: 'boolean', default: 0 },
          { name: 'productIds', type: 'text', isNullable: true },
          { name: 'active', type: 'boolean', default: 1 },
          { name: 'uses', type: 'integer', default: 0 },
          ...timestampColumns(queryRunner),
        ],
      }),
    );
    await queryRunner.createIndex(
      'discount_codes',
      new TableIndex({ name: 'IDX_discount_codes_code', columnNames: ['code'], isUnique: true }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'discount_holds',
        columns: [
          { name: 'sessionId', type: 'varchar', length: '255', isPrimary: true },
          { name: 'discountId', type: 'integer' },
          { name: 'email', type: 'varchar', length: '320', isNullable: true },
          { name: 'state', type: 'varchar', length: '10', default: "'held'" },
          { name: 'expiresAt', type: 'bigint' },
        ],
        indices: [
          { name: 'IDX_discount_holds_discountId_state', columnNames: ['discountId', 'state'] },
        ],
      }),
    );
    await queryRunner.addColumns('checkout_sessions', [
      new TableColumn({ name: 'discountCode', type: 'varchar', length: '30', isNullable: true }),
      new TableColumn({ name: 'discountAmount', type: 'integer', default: 0 }),
    ]);
    await queryRunner.addColumns('orders', [
      new TableColumn({ name: 'discountCode', type: 'varchar', length: '30', isNullable: true }),
      new TableColumn({ name: 'discountAmount', type: 'integer', default: 0 }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('orders', 'discountAmount');
    await queryRunner.dropColumn('orders', 'discountCode');
    await queryRunner.dropColumn('checkout_sessions', 'discountAmount');
    await queryRunner.dropColumn('checkout_sessions', 'discountCode');
    await queryRunner.dropTable('discount_holds');
    await queryRunner.dropIndex('discount_codes', 'IDX_discount_codes_code');
    await queryRunner.dropTable('discount_codes');
  }
}
