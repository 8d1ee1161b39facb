import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

const INDEX = 'IDX_discount_holds_discountId_emailKey';

/**
 * A fixed copy of `mailboxKey` as this migration knows it: lower case, quotes removed, `+tag`
 * cut off, and Gmail's dots removed.
 */
function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, Math.max(at, 0)).replace(/["\\]/g, '');
  const domain = (at < 0 ? '' : address.slice(at + 1)).trim().toLowerCase();
  const plus = local.indexOf('+');
  const untagged = (plus < 0 ? local : local.slice(0, plus)).trim().toLowerCase();
  const dotless = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${dotless ? untagged.replace(/\./g, '') : untagged}@${domain}`;
}

/**
 * A code that may be used once per email compared the address as typed, so `fan+1@` and
 * `fan+2@` of one mailbox each got it. Each use now keeps the mailbox its address delivers to
 * (`emailKey`), and the check compares those; the uses already stored are given theirs here.
 */
export class FoldOncePerEmailAddresses1767980000000 implements MigrationInterface {
  name = 'FoldOncePerEmailAddresses1767980000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'discount_holds',
      new TableColumn({ name: 'emailKey', type: 'varchar', length: '320', isNullable: true }),
    );
    const rows = (await queryRunner.query(
      'SELECT sessionId, email FROM discount_holds WHERE email IS NOT NULL',
    )) as { sessionId: string; email: string }[];
    for (const row of rows) {
      await queryRunner.query('UPDATE discount_holds SET emailKey = ? WHERE sessionId = ?', [
        mailboxKey(row.email),
        row.sessionId,
      ]);
    }
    await queryRunner.createIndex(
      'discount_holds',
      new TableIndex({ name: INDEX, columnNames: ['discountId', 'emailKey'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('discount_holds', INDEX);
    await queryRunner.dropColumn('discount_holds', 'emailKey');
  }
}
