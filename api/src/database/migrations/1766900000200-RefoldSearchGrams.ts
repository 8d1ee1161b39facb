import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search index lists an accented letter under its plain one (`foldText`), where it listed
 * such rows as candidates of every search: it is emptied and built again by the site, which
 * reads every row for a search meanwhile. Either way round the index only narrows searches, so
 * emptying it is safe in both directions.
 */
export class RefoldSearchGrams1766900000200 implements MigrationInterface {
  name = 'RefoldSearchGrams1766900000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.empty(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.empty(queryRunner);
  }

  private async empty(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM search_gram_state');
    await queryRunner.query('DELETE FROM search_grams');
    await queryRunner.query('DELETE FROM search_gram_changes');
  }
}
