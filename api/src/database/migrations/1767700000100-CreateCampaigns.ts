import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, isMysql } from './columns.js';

/**
 * Campaigns (newsletters and show announcements), their recipients fixed when each starts
 * sending (one row per campaign and address), and the addresses suppressed after a hard bounce
 * or a complaint. Addresses and tokens compare exactly, as everywhere else.
 */
export class CreateCampaigns1767700000100 implements MigrationInterface {
  name = 'CreateCampaigns1767700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const exact = isMysql(queryRunner) ? { collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'campaigns',
        columns: [
          idColumn(),
          { name: 'subject', type: 'varchar', length: '300' },
          { name: 'body', type: 'text' },
          { name: 'audience', type: 'text' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'html', type: 'text', isNullable: true },
          { name: 'text', type: 'text', isNullable: true },
          { name: 'scheduledAt', type: 'bigint', isNullable: true },
          { name: 'startedAt', type: 'bigint', isNullable: true },
          { name: 'finishedAt', type: 'bigint', isNullable: true },
          ...['recipients', 'sent', 'failed', 'bounced', 'complained', 'unsubscribed'].map(
            (name) => ({ name, type: 'integer', default: 0 }),
          ),
          { name: 'createdAt', type: 'bigint' },
          { name: 'updatedAt', type: 'bigint' },
        ],
        indices: [
          { name: 'IDX_campaigns_status_scheduledAt', columnNames: ['status', 'scheduledAt'] },
          { name: 'IDX_campaigns_createdAt', columnNames: ['createdAt'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'campaign_recipients',
        columns: [
          idColumn(),
          { name: 'campaignId', type: 'integer' },
          { name: 'email', type: 'varchar', length: '320', ...exact },
          { name: 'token', type: 'varchar', length: '64', ...exact },
          { name: 'messageId', type: 'varchar', length: '255' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'lastError', type: 'text', isNullable: true },
          { name: 'nextAttemptAt', type: 'bigint' },
          { name: 'sentAt', type: 'bigint', isNullable: true },
          { name: 'bouncedAt', type: 'bigint', isNullable: true },
          { name: 'complainedAt', type: 'bigint', isNullable: true },
          { name: 'unsubscribedAt', type: 'bigint', isNullable: true },
        ],
        indices: [
          {
            name: 'IDX_campaign_recipients_campaign_email',
            columnNames: ['campaignId', 'email'],
            isUnique: true,
          },
          { name: 'IDX_campaign_recipients_due', columnNames: ['status', 'nextAttemptAt'] },
          { name: 'IDX_campaign_recipients_messageId', columnNames: ['messageId'] },
          { name: 'IDX_campaign_recipients_email', columnNames: ['email'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'suppressions',
        columns: [
          idColumn(),
          { name: 'email', type: 'varchar', length: '320', ...exact },
          { name: 'reason', type: 'varchar', length: '20' },
          { name: 'detail', type: 'varchar', length: '500', isNullable: true },
          { name: 'campaignId', type: 'integer', isNullable: true },
          { name: 'createdAt', type: 'bigint' },
          { name: 'removedAt', type: 'bigint', isNullable: true },
          { name: 'removedReason', type: 'varchar', length: '500', isNullable: true },
        ],
        indices: [
          { name: 'IDX_suppressions_email', columnNames: ['email'], isUnique: true },
          { name: 'IDX_suppressions_createdAt', columnNames: ['createdAt'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('suppressions');
    await queryRunner.dropTable('campaign_recipients');
    await queryRunner.dropTable('campaigns');
  }
}
