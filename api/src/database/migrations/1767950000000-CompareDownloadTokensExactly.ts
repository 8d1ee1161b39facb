import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/** Fixed copies: the columns as `CreateDownloadLinks` made them, with the collation to give. */
const COLUMNS = ['`token` varchar(64)', '`email` varchar(320)'];

/**
 * On MySQL/MariaDB a download link's token compared under the database's default collation, which
 * ignores case: a token with its letters' case swapped opened the link, as the other emailed
 * tokens no longer do (`CompareAddressesExactly`). The token and the address it was sent to now
 * have the binary collation of those columns. SQLite's `=` is binary already: nothing to change.
 */
export class CompareDownloadTokensExactly1767950000000 implements MigrationInterface {
  name = 'CompareDownloadTokensExactly1767950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setCollation(queryRunner, 'COLLATE utf8mb4_bin');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await setCollation(queryRunner, '');
  }
}

async function setCollation(queryRunner: QueryRunner, collate: string): Promise<void> {
  if (!isMysql(queryRunner)) return;
  const modify = COLUMNS.map((c) => `MODIFY ${c} CHARACTER SET utf8mb4 ${collate} NOT NULL`);
  await queryRunner.query(`ALTER TABLE \`download_links\` ${modify.join(', ')}`);
}
