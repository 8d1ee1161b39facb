import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { SIGNUP_SEARCH_INDEX as BY_EMAIL } from './1766700000000-IndexListSorts.js';

/**
 * The signups' search index, everything a search reads (the address, the contact mark, the
 * subscription state, the creation time), led by the id instead of the address, so that the rows
 * the search index of three-letter sequences names are read from it by id (`searchIndex` in
 * common/list.ts) instead of from the table. A scan of every address reads it just as well.
 *
 * At half a million signups it takes 31 MB where the table takes 65 MB: with MariaDB's default
 * 128 MB buffer pool, of which InnoDB gives 37% to pages read once, the rows of a search for a
 * common name, spread over nearly every page, were read from the table again for each search
 * (300 ms); from this index they stay in the pool (35 ms).
 */
export const SIGNUP_SEARCH_INDEX = {
  name: BY_EMAIL.name,
  columns: ['id', 'email', 'contacted', 'subscription', 'createdAt'],
};

export class LeadSignupSearchIndexById1767000000000 implements MigrationInterface {
  name = 'LeadSignupSearchIndexById1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, SIGNUP_SEARCH_INDEX.columns);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, BY_EMAIL.columns);
  }

  private async replace(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
    await queryRunner.dropIndex('email_signups', SIGNUP_SEARCH_INDEX.name);
    await queryRunner.createIndex(
      'email_signups',
      new TableIndex({ name: SIGNUP_SEARCH_INDEX.name, columnNames }),
    );
  }
}
