import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { timestampColumns } from './columns.js';

/** Our record of what each checkout session sold, from which its order is built. */
export class CreateCheckoutSessions1764000000000 implements MigrationInterface {
  name = 'CreateCheckoutSessions1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'checkout_sessions',
        columns: [
          { name: 'sessionId', type: 'varchar', length: '255', isPrimary: true },
          { name: 'provider', type: 'varchar', length: '10' },
          { name: 'lines', type: 'text' },
          { name: 'subtotal', type: 'integer' },
          { name: 'shipping', type: 'integer' },
          { name: 'total', type: 'integer' },
          { name: 'status', type: 'varchar', length: '20', default: "'open'" },
          { name: 'completedAt', type: 'datetime', isNullable: true },
          ...timestampColumns(queryRunner, false),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('checkout_sessions');
  }
}
