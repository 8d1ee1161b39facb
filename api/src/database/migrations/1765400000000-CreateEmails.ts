import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn } from './columns.js';

/** The outbox: every email the site sends, queued in the transaction that causes it. */
export class CreateEmails1765400000000 implements MigrationInterface {
  name = 'CreateEmails1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'emails',
        columns: [
          idColumn(),
          { name: 'key', type: 'varchar', length: '191' },
          { name: 'kind', type: 'varchar', length: '30' },
          { name: 'toAddress', type: 'varchar', length: '320' },
          { name: 'toName', type: 'varchar', length: '200', isNullable: true },
          { name: 'replyToAddress', type: 'varchar', length: '320', isNullable: true },
          { name: 'replyToName', type: 'varchar', length: '200', isNullable: true },
          { name: 'subject', type: 'varchar', length: '300' },
          { name: 'html', type: 'text' },
          { name: 'text', type: 'text' },
          { name: 'listUnsubscribe', type: 'varchar', length: '500', isNullable: true },
          { name: 'messageId', type: 'varchar', length: '255' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'lastError', type: 'text', isNullable: true },
          { name: 'nextAttemptAt', type: 'bigint' },
          { name: 'sentAt', type: 'bigint', isNullable: true },
          { name: 'createdAt', type: 'bigint' },
        ],
        indices: [
          { columnNames: ['key'], isUnique: true },
          { columnNames: ['status', 'nextAttemptAt'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('emails');
  }
}
