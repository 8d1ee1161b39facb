import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/**
 * Abandoned-checkout reminders: one row per expired Stripe checkout whose buyer agreed to
 * promotional emails; the session a recovery link made names the one it came from, and its
 * order is marked recovered.
 */
export class AddCheckoutReminders1767810001000 implements MigrationInterface {
  name = 'AddCheckoutReminders1767810001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysql(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'checkout_reminders',
        columns: [
          { name: 'sessionId', type: 'varchar', length: '255', isPrimary: true },
          {
            name: 'email',
            type: 'varchar',
            length: '320',
            ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          },
          { name: 'recoveryUrl', type: 'text' },
          { name: 'state', type: 'varchar', length: '10', default: "'waiting'" },
          { name: 'reason', type: 'varchar', length: '60', isNullable: true },
          { name: 'openedAt', type: 'bigint' },
          { name: 'dueAt', type: 'bigint' },
          { name: 'createdAt', type: 'bigint' },
        ],
      }),
    );
    await queryRunner.createIndices('checkout_reminders', [
      new TableIndex({
        name: 'IDX_checkout_reminders_state_dueAt',
        columnNames: ['state', 'dueAt'],
      }),
      new TableIndex({ name: 'IDX_checkout_reminders_email', columnNames: ['email'] }),
    ]);
    await queryRunner.addColumn(
      'checkout_sessions',
      new TableColumn({ name: 'recoveredFrom', type: 'varchar', length: '255', isNullable: true }),
    );
    await queryRunner.addColumn(
      'orders',
      new TableColumn({ name: 'recovered', type: 'boolean', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('orders', 'recovered');
    await queryRunner.dropColumn('checkout_sessions', 'recoveredFrom');
    await queryRunner.dropTable('checkout_reminders');
  }
}
