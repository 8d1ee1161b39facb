import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

export class CreateShows1763800000000 implements MigrationInterface {
  name = 'CreateShows1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'shows',
        columns: [
          idColumn(),
          { name: 'venue', type: 'varchar', length: '200' },
          { name: 'city', type: 'varchar', length: '200' },
          { name: 'date', type: 'varchar', length: '10' },
          { name: 'time', type: 'varchar', length: '100' },
          { name: 'ageRequirement', type: 'varchar', length: '20' },
          { name: 'ticketButtonType', type: 'varchar', length: '10' },
          { name: 'ticketUrl', type: 'varchar', length: '2048', isNullable: true },
          { name: 'soldOut', type: 'varchar', length: '5', default: "'false'" },
          { name: 'status', type: 'varchar', length: '20', default: "'draft'" },
          { name: 'notes', type: 'text', isNullable: true },
          ...timestampColumns(queryRunner),
        ],
        indices: [{ columnNames: ['status', 'date'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('shows');
  }
}
