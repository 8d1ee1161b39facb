import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn } from './columns.js';

/**
 * Rows whose searched text was edited after the search index read them (the orders' tracking
 * numbers and notes, an erased order's details): tested by every search until the index reads
 * their block again.
 */
export class CreateSearchGramChanges1766900000100 implements MigrationInterface {
  name = 'CreateSearchGramChanges1766900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'search_gram_changes',
        columns: [
          idColumn(),
          { name: 'list', type: 'varchar', length: '64' },
          { name: 'rowId', type: 'integer' },
        ],
        indices: [{ name: 'IDX_search_gram_changes_list_rowId', columnNames: ['list', 'rowId'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('search_gram_changes');
  }
}
