import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What lets several API instances share one database and behave as one site:
 * - `table_versions`: a number per table, raised after each committed write, that every instance
 *   reads at most every half second to drop what it keeps in memory of that table;
 * - `job_leases`: when each piece of periodic work (expired checkouts, expired stock holds) is
 *   next due, taken by one instance at a time.
 */
export class CreateClusterTables1767500000000 implements MigrationInterface {
  name = 'CreateClusterTables1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'table_versions',
        columns: [
          { name: 'table_name', type: 'varchar', length: '100', isPrimary: true },
          { name: 'version', type: 'bigint', default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'job_leases',
        columns: [
          { name: 'name', type: 'varchar', length: '100', isPrimary: true },
          // Epoch ms: the work may be taken by any instance from then on.
          { name: 'next_run_at', type: 'bigint', default: 0 },
          { name: 'holder', type: 'varchar', length: '64', isNullable: true },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('job_leases');
    await queryRunner.dropTable('table_versions');
  }
}
