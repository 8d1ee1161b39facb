import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/**
 * A campaign's list of recipients is written after its send is answered, in small batches:
 * `recipientsFixedAt` says when the whole list was written (null while it is being written, and
 * before the campaign starts). Campaigns already started had theirs written when they started.
 */
export class CampaignListsFixedInTheBackground1768500000000 implements MigrationInterface {
  name = 'CampaignListsFixedInTheBackground1768500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.addColumn(
        'campaigns',
        new TableColumn({ name: 'recipientsFixedAt', type: 'bigint', isNullable: true }),
      );
    } else {
      // In place on SQLite: TypeORM's addColumn copies the table, and reads the columns that
      // earlier migrations added in place (`topic`) back with their quotes as part of the name.
      await queryRunner.query('ALTER TABLE "campaigns" ADD COLUMN "recipientsFixedAt" bigint');
    }
    await queryRunner.query(
      'UPDATE campaigns SET recipientsFixedAt = startedAt WHERE startedAt IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) await queryRunner.dropColumn('campaigns', 'recipientsFixedAt');
    else await queryRunner.query('ALTER TABLE "campaigns" DROP COLUMN "recipientsFixedAt"');
  }
}
