import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A campaign's list of recipients is written after its send is answered, in small batches:
 * `recipientsFixedAt` says when the whole list was written (null while it is being written, and
 * before the campaign starts). Campaigns already started had theirs written when they started.
 */
export class CampaignListsFixedInTheBackground1768500000000 implements MigrationInterface {
  name = 'CampaignListsFixedInTheBackground1768500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'campaigns',
      new TableColumn({ name: 'recipientsFixedAt', type: 'bigint', isNullable: true }),
    );
    await queryRunner.query(
      'UPDATE campaigns SET recipientsFixedAt = startedAt WHERE startedAt IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('campaigns', 'recipientsFixedAt');
  }
}
