import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumns } from './columns.js';

/** Each order's payment intent and refunded cents, and the charge events recorded against it. */
export class TrackPaymentsAfterCheckout1764200000000 implements MigrationInterface {
  name = 'TrackPaymentsAfterCheckout1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('orders', [
      new TableColumn({
        name: 'paymentIntentId',
        type: 'varchar',
        length: '255',
        isNullable: true,
      }),
      new TableColumn({ name: 'refundedAmount', type: 'integer', default: 0 }),
    ]);
    await queryRunner.createIndex(
      'orders',
      new TableIndex({ name: 'IDX_orders_paymentIntentId', columnNames: ['paymentIntentId'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'charge_events',
        columns: [
          { name: 'eventId', type: 'varchar', length: '255', isPrimary: true },
          { name: 'paymentIntentId', type: 'varchar', length: '255' },
          { name: 'type', type: 'varchar', length: '60' },
          { name: 'amount', type: 'integer' },
          { name: 'amountRefunded', type: 'integer' },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [{ name: 'IDX_charge_events_paymentIntentId', columnNames: ['paymentIntentId'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('charge_events');
    await queryRunner.dropIndex('orders', 'IDX_orders_paymentIntentId');
    await queryRunner.dropColumn('orders', 'refundedAmount');
    await queryRunner.dropColumn('orders', 'paymentIntentId');
  }
}
