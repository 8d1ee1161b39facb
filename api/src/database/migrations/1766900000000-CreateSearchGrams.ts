import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The admin lists' search index (`SearchGrams`, api/src/common/search-grams.ts): per list, the
 * ids of the rows holding each three-letter sequence, in blocks of ids, and how far it reaches.
 * It starts empty and is filled by the site: a search starts a refresh once 1,000 rows lie beyond
 * its reach, rows already there included.
 */
export class CreateSearchGrams1766900000000 implements MigrationInterface {
  name = 'CreateSearchGrams1766900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'search_grams',
        columns: [
          { name: 'list', type: 'varchar', length: '64', isPrimary: true },
          { name: 'gram', type: 'varchar', length: '6', isPrimary: true },
          { name: 'block', type: 'integer', isPrimary: true },
          { name: 'size', type: 'integer' },
          { name: 'ids', type: 'blob' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'search_gram_state',
        columns: [
          { name: 'list', type: 'varchar', length: '64', isPrimary: true },
          { name: 'indexedTo', type: 'integer' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('search_gram_state');
    await queryRunner.dropTable('search_grams');
  }
}
