import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Two indexes of a signup's fan with its subscription state, one in each order, so the fans list
 * reads its subscribers without a row both ways:
 * - without a search it counts them as the distinct fans of the confirmed signups (`countBy` in
 *   fans.service.ts): the confirmed part of (subscription, fanId), read in fan order;
 * - under a search it asks of each matching fan whether a confirmed signup of theirs exists:
 *   (fanId, subscription), which replaces the index of the fan alone (`IDX_email_signups_fanId`)
 *   it extends.
 */
export const SIGNUP_FAN_INDEXES = [
  { name: 'IDX_email_signups_subscription_fanId', columnNames: ['subscription', 'fanId'] },
  { name: 'IDX_email_signups_fanId_subscription', columnNames: ['fanId', 'subscription'] },
];
const FAN_ONLY_INDEX = { name: 'IDX_email_signups_fanId', columnNames: ['fanId'] };

export class IndexFanCounts1766800000000 implements MigrationInterface {
  name = 'IndexFanCounts1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of SIGNUP_FAN_INDEXES)
      await queryRunner.createIndex('email_signups', new TableIndex(index));
    await queryRunner.dropIndex('email_signups', FAN_ONLY_INDEX.name);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('email_signups', new TableIndex(FAN_ONLY_INDEX));
    for (const index of SIGNUP_FAN_INDEXES)
      await queryRunner.dropIndex('email_signups', index.name);
  }
}
