import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Double opt-in and one-click unsubscribe for newsletter signups. */
export class AddNewsletterConsent1765400000001 implements MigrationInterface {
  name = 'AddNewsletterConsent1765400000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('email_signups', [
      new TableColumn({ name: 'token', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'confirmedAt', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'unsubscribedAt', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'confirmationSentAt', type: 'bigint', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'email_signups',
      new TableIndex({ columnNames: ['token'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = await queryRunner.getTable('email_signups');
    const index = table!.indices.find((i) => i.columnNames.join() === 'token');
    if (index) await queryRunner.dropIndex('email_signups', index);
    for (const name of ['confirmationSentAt', 'unsubscribedAt', 'confirmedAt', 'token'])
      await queryRunner.dropColumn('email_signups', name);
  }
}
