import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Campaigns are delivered by the outbox's bulk lane: each recipient's message is a row of
 * `emails`, written with its `campaign_recipients` row. The recipients of a campaign sending or
 * paused at the upgrade, still queued, get theirs here: key `campaign:<campaign>:<recipient>`,
 * the recipient's Message-ID and next attempt, paused with a paused campaign, and no body (the
 * campaign's is filled in at hand-over, with the unsubscribe link of the recipient's token).
 * An index by campaign and status answers "is anyone of this campaign still queued?", asked about
 * each sending campaign every second.
 */
export class QueueCampaignMessagesInTheOutbox1768800001000 implements MigrationInterface {
  name = 'QueueCampaignMessagesInTheOutbox1768800001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'campaign_recipients',
      new TableIndex({
        name: 'IDX_campaign_recipients_campaign_status',
        columnNames: ['campaignId', 'status'],
      }),
    );
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    const key = mysql
      ? "CONCAT('campaign:', r.campaignId, ':', r.id)"
      : "'campaign:' || r.campaignId || ':' || r.id";
    const campaignId = mysql ? 'CAST(r.campaignId AS CHAR)' : 'CAST(r.campaignId AS TEXT)';
    await queryRunner.query(
      `INSERT INTO emails (\`key\`, kind, lane, subjectType, subjectId, toAddress, toName,
         replyToAddress, replyToName, subject, html, text, listUnsubscribe, messageId, status,
         attempts, lastError, nextAttemptAt, sentAt, createdAt)
       SELECT ${key}, 'campaign', 'bulk', 'campaign', ${campaignId}, r.email, NULL, NULL, NULL,
         c.subject, '', '', NULL, r.messageId,
         CASE WHEN c.status = 'paused' THEN 'paused' ELSE 'queued' END, 0, NULL, r.nextAttemptAt,
         NULL, COALESCE(c.startedAt, r.nextAttemptAt)
       FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaignId
       WHERE r.status = 'queued' AND c.status IN ('sending', 'paused')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM emails WHERE lane = 'bulk' AND kind = 'campaign'");
    await queryRunner.dropIndex('campaign_recipients', 'IDX_campaign_recipients_campaign_status');
  }
}
