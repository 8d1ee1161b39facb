import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * An email may be queued as MJML (`emails.mjml`), which the sender compiles to HTML in a worker
 * as it hands the email over: a request that writes an email no longer compiles it, and the event
 * loop that answers the site never loads mjml. `html` is empty on such a row.
 */
export class CompileEmailsAtHandOver1769000000200 implements MigrationInterface {
  name = 'CompileEmailsAtHandOver1769000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'emails',
      new TableColumn({ name: 'mjml', type: 'text', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('emails', 'mjml');
  }
}
