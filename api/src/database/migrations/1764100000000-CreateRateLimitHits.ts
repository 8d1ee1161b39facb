import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn } from './columns.js';

/**
 * One table for every per-address limit (logins, public forms, checkout creation); it replaces
 * `login_failures`, whose rows live at most 15 minutes and are not carried over.
 */
export class CreateRateLimitHits1764100000000 implements MigrationInterface {
  name = 'CreateRateLimitHits1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'rate_limit_hits',
        columns: [
          idColumn(),
          { name: 'bucket', type: 'varchar', length: '32' },
          { name: 'client', type: 'varchar', length: '64' },
          { name: 'expiresAt', type: 'bigint' },
        ],
        indices: [
          { columnNames: ['bucket', 'client', 'expiresAt'] },
          { columnNames: ['expiresAt'] },
        ],
      }),
    );
    await queryRunner.dropTable('login_failures');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'login_failures',
        columns: [
          idColumn(),
          { name: 'ip', type: 'varchar', length: '64' },
          { name: 'at', type: 'bigint' },
        ],
        indices: [{ columnNames: ['ip', 'at'] }],
      }),
    );
    await queryRunner.dropTable('rate_limit_hits');
  }
}
