import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn } from './columns.js';

/** The releases each remote's team publishes, and every change of which one is live. */
export class CreateRemoteReleases1768010000000 implements MigrationInterface {
  name = 'CreateRemoteReleases1768010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'remote_releases',
        columns: [
          idColumn(),
          { name: 'remote', type: 'varchar', length: '20' },
          { name: 'version', type: 'varchar', length: '20' },
          { name: 'publishedAt', type: 'datetime' },
          { name: 'failures', type: 'integer', default: 0 },
        ],
        indices: [
          {
            name: 'IDX_remote_releases_remote_version',
            columnNames: ['remote', 'version'],
            isUnique: true,
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'remote_live_changes',
        columns: [
          idColumn(),
          { name: 'remote', type: 'varchar', length: '20' },
          { name: 'fromVersion', type: 'varchar', length: '20' },
          { name: 'toVersion', type: 'varchar', length: '20' },
          { name: 'at', type: 'datetime' },
          { name: 'madeBy', type: 'varchar', length: '60' },
        ],
        indices: [{ name: 'IDX_remote_live_changes_remote', columnNames: ['remote', 'id'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('remote_live_changes');
    await queryRunner.dropTable('remote_releases');
  }
}
