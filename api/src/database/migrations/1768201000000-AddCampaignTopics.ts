import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/**
 * Campaign topics: each campaign is about news, shows or releases (`news` for those made before),
 * and each signup keeps the topics its fan gets, every one on until she turns it off.
 */
export class AddCampaignTopics1768201000000 implements MigrationInterface {
  name = 'AddCampaignTopics1768201000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) {
      // SQLite adds a column in place: TypeORM's addColumns would copy the table into a new one,
      // and the copy has none of the triggers that keep the fans' figures.
      for (const column of ['topicNews', 'topicShows', 'topicReleases'])
        await queryRunner.query(
          `ALTER TABLE "email_signups" ADD COLUMN "${column}" boolean NOT NULL DEFAULT (1)`,
        );
      await queryRunner.query(
        `ALTER TABLE "campaigns" ADD COLUMN "topic" varchar(10) NOT NULL DEFAULT ('news')`,
      );
      return;
    }
    await queryRunner.addColumns('email_signups', [
      new TableColumn({ name: 'topicNews', type: 'boolean', default: 1 }),
      new TableColumn({ name: 'topicShows', type: 'boolean', default: 1 }),
      new TableColumn({ name: 'topicReleases', type: 'boolean', default: 1 }),
    ]);
    await queryRunner.addColumn(
      'campaigns',
      new TableColumn({ name: 'topic', type: 'varchar', length: '10', default: "'news'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!isMysql(queryRunner)) {
      // In place too (SQLite 3.35+), keeping the triggers.
      await queryRunner.query('ALTER TABLE "campaigns" DROP COLUMN "topic"');
      for (const column of ['topicNews', 'topicShows', 'topicReleases'])
        await queryRunner.query(`ALTER TABLE "email_signups" DROP COLUMN "${column}"`);
      return;
    }
    await queryRunner.dropColumn('campaigns', 'topic');
    await queryRunner.dropColumns('email_signups', ['topicNews', 'topicShows', 'topicReleases']);
  }
}
