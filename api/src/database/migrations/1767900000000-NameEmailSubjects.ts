import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Fixed copies, as the outbox's keys stood before this migration: `<kind>:<subject id>…`. */
const SUBJECT_OF_KIND: Record<string, string> = {
  'order-confirmation': 'order',
  'order-shipped': 'order',
  'artist-order': 'order',
  'artist-contact': 'contact-message',
  'newsletter-confirm': 'signup',
  'notify-confirm': 'notify-me',
  'back-in-stock': 'notify-me',
  'checkout-reminder': 'checkout-session',
  'campaign-test': 'campaign',
};
/** `download-links:<what asked for them>:<its id>…`: a code, a link asked afresh, an order. */
const SUBJECT_OF_DOWNLOAD_LINKS: Record<string, string> = {
  code: 'download-code',
  fresh: 'download-link',
  order: 'order',
};
/** A password reset is about the admin's account, the only user. */
const ADMIN_USERNAME = 'admin';

const INDEX = 'IDX_emails_subject';

/** What follows the first colon of a text. */
const afterColon = (text: string) => `SUBSTR(${text}, INSTR(${text}, ':') + 1)`;
/** What precedes the first colon of a text, or all of it. */
const beforeColon = (text: string) =>
  `CASE WHEN INSTR(${text}, ':') > 0 THEN SUBSTR(${text}, 1, INSTR(${text}, ':') - 1) ELSE ${text} END`;

/**
 * Each outbox row names what it is about (`subjectType`, `subjectId`: an order, a signup, a
 * message…), so a fan's erasure finds the emails about their records by subject instead of by
 * patterns of keys. Existing rows take theirs from their key (a resent copy's too, as its key
 * begins with the original's).
 */
export class NameEmailSubjects1767900000000 implements MigrationInterface {
  name = 'NameEmailSubjects1767900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('emails', [
      new TableColumn({ name: 'subjectType', type: 'varchar', length: '30', isNullable: true }),
      new TableColumn({ name: 'subjectId', type: 'varchar', length: '255', isNullable: true }),
    ]);
    await queryRunner.createIndex(
      'emails',
      new TableIndex({ name: INDEX, columnNames: ['subjectType', 'subjectId'] }),
    );
    const key = queryRunner.connection.driver.escape('key');
    const second = afterColon(key);
    for (const [kind, type] of Object.entries(SUBJECT_OF_KIND)) {
      await queryRunner.query(
        `UPDATE emails SET subjectType = ?, subjectId = ${beforeColon(second)} WHERE kind = ?`,
        [type, kind],
      );
    }
    for (const [asked, type] of Object.entries(SUBJECT_OF_DOWNLOAD_LINKS)) {
      await queryRunner.query(
        `UPDATE emails SET subjectType = ?, subjectId = ${beforeColon(afterColon(second))}
         WHERE kind = 'download-links' AND ${key} LIKE ?`,
        [type, `download-links:${asked}:%`],
      );
    }
    await queryRunner.query(
      `UPDATE emails SET subjectType = 'user',
         subjectId = (SELECT id FROM users WHERE username = ?)
       WHERE kind = 'password-reset' AND EXISTS (SELECT 1 FROM users WHERE username = ?)`,
      [ADMIN_USERNAME, ADMIN_USERNAME],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('emails', INDEX);
    await queryRunner.dropColumns('emails', ['subjectId', 'subjectType']);
  }
}
