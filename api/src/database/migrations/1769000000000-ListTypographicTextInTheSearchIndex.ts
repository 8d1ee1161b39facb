import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search index lists a character that is neither printable ASCII nor an accented letter (a
 * curly apostrophe, "ß") as a wildcard of one character (`foldText`), where it listed such rows
 * as candidates of every search: it is emptied and built again by the site, which reads every
 * row for a search meanwhile. Either way round the index only narrows searches, so emptying it
 * is safe in both directions.
 */
export class ListTypographicTextInTheSearchIndex1769000000000 implements MigrationInterface {
  name = 'ListTypographicTextInTheSearchIndex1769000000000';

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
