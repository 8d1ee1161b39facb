import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The outbox's two lanes: every email is `transactional` or `bulk` (a campaign's recipients), and
 * the sender claims each lane's due emails by this index, so the transactional lane's claim never
 * scans past a campaign's queue.
 */
export class AddEmailLanes1768800000200 implements MigrationInterface {
  name = 'AddEmailLanes1768800000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'emails',
      new TableColumn({
        name: 'lane',
        type: 'varchar',
        length: '20',
        isNullable: false,
        default: "'transactional'",
      }),
    );
    await queryRunner.createIndex(
      'emails',
      new TableIndex({
        name: 'IDX_emails_lane_due',
        columnNames: ['lane', 'status', 'nextAttemptAt'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('emails', 'IDX_emails_lane_due');
    await queryRunner.dropColumn('emails', 'lane');
  }
}
