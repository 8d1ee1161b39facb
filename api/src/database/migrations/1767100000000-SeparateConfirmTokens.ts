import {
  Table,
  TableColumn,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
  type TableColumnOptions,
} from 'typeorm';
import { isMysql } from './columns.js';
import { keepingTriggers } from './sqlite-triggers.js';

/** How long a confirm link works, as the code of this release has it. */
const LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Confirming and unsubscribing get tokens of their own, so an unsubscribe link (List-Unsubscribe,
 * forwarded with any email) can no longer confirm a signup. A signup's existing token stays its
 * unsubscribe token, so links in emails already sent keep unsubscribing; a signup still waiting
 * for its confirmation keeps that email's confirm link for 7 days after it was sent. Notify-me
 * requests get a double opt-in (existing requests count as confirmed), and `mail_quotas` counts
 * the emails fans' forms cause, per mailbox and for the whole site.
 */
export class SeparateConfirmTokens1767100000000 implements MigrationInterface {
  name = 'SeparateConfirmTokens1767100000000';

  // On SQLite the columns rebuild both tables: triggers later migrations put on them stay
  // (see `keepingTriggers`).
  async up(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['email_signups', 'notify_me'], () =>
      this.upKept(queryRunner),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['email_signups', 'notify_me'], () =>
      this.downKept(queryRunner),
    );
  }

  private async upKept(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysql(queryRunner);
    // Tokens compare byte for byte on MySQL/MariaDB (SQLite's default already does).
    const token = (name: string): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: '64',
      isNullable: true,
      ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
    });
    await queryRunner.addColumns('email_signups', [
      new TableColumn(token('confirmToken')),
      new TableColumn({ name: 'confirmTokenExpiresAt', type: 'bigint', isNullable: true }),
      new TableColumn({ name: 'confirmTokenUsedAt', type: 'bigint', isNullable: true }),
      new TableColumn(token('resubscribeToken')),
      new TableColumn({ name: 'resubscribeTokenExpiresAt', type: 'bigint', isNullable: true }),
    ]);
    await queryRunner.createIndices('email_signups', [
      new TableIndex({
        name: 'IDX_email_signups_confirmToken',
        columnNames: ['confirmToken'],
        isUnique: true,
      }),
      new TableIndex({
        name: 'IDX_email_signups_resubscribeToken',
        columnNames: ['resubscribeToken'],
        isUnique: true,
      }),
    ]);
    await queryRunner.query(
      `UPDATE email_signups
          SET confirmToken = token, confirmTokenExpiresAt = confirmationSentAt + ${LINK_TTL_MS}
        WHERE confirmedAt IS NULL AND unsubscribedAt IS NULL
          AND token IS NOT NULL AND confirmationSentAt IS NOT NULL`,
    );

    await queryRunner.addColumns('notify_me', [
      new TableColumn({ name: 'confirmedAt', type: 'datetime', isNullable: true }),
      new TableColumn(token('confirmToken')),
      new TableColumn({ name: 'confirmTokenExpiresAt', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'notify_me',
      new TableIndex({
        name: 'IDX_notify_me_confirmToken',
        columnNames: ['confirmToken'],
        isUnique: true,
      }),
    );
    await queryRunner.query('UPDATE notify_me SET confirmedAt = createdAt');

    await queryRunner.createTable(
      new Table({
        name: 'mail_quotas',
        columns: [
          {
            name: 'name',
            type: 'varchar',
            length: '100',
            isPrimary: true,
            ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          },
          { name: 'windowStart', type: 'bigint' },
          { name: 'used', type: 'integer' },
        ],
      }),
    );
  }

  private async downKept(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mail_quotas');
    await queryRunner.dropIndex('notify_me', 'IDX_notify_me_confirmToken');
    for (const name of ['confirmTokenExpiresAt', 'confirmToken', 'confirmedAt'])
      await queryRunner.dropColumn('notify_me', name);
    await queryRunner.dropIndex('email_signups', 'IDX_email_signups_resubscribeToken');
    await queryRunner.dropIndex('email_signups', 'IDX_email_signups_confirmToken');
    for (const name of [
      'resubscribeTokenExpiresAt',
      'resubscribeToken',
      'confirmTokenUsedAt',
      'confirmTokenExpiresAt',
      'confirmToken',
    ])
      await queryRunner.dropColumn('email_signups', name);
  }
}
