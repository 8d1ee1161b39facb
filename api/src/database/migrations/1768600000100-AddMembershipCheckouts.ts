import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/** The membership checkouts being opened, one per address at a time. */
export class AddMembershipCheckouts1768600000100 implements MigrationInterface {
  name = 'AddMembershipCheckouts1768600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const exact = isMysql(queryRunner) ? { collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'membership_checkouts',
        columns: [
          { name: 'email', type: 'varchar', length: '320', isPrimary: true, ...exact },
          { name: 'startedAt', type: 'datetime' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('membership_checkouts');
  }
}
