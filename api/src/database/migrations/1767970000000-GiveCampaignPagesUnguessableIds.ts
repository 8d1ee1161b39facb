import { randomBytes } from 'node:crypto';
import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

const INDEX = 'IDX_campaigns_pageId';

/** A campaign's stored email and page text, and what its "view in your browser" link names. */
interface Row {
  id: number;
  pageId: string | null;
  html: string | null;
  text: string | null;
}

/** `content` with its links to `/api/campaigns/<from>` pointing to `/api/campaigns/<to>`. */
function relink(content: string | null, from: string, to: string): string | null {
  if (content === null) return null;
  // Not a longer id that begins the same way: /api/campaigns/1 is not /api/campaigns/12.
  return content.replace(
    new RegExp(`/api/campaigns/${from}(?![A-Za-z0-9_-])`, 'g'),
    () => `/api/campaigns/${to}`,
  );
}

/**
 * A campaign's public page was at its sequential id, so anyone could read every campaign sent,
 * those meant for a few fans (with their presale codes) included. Each campaign gets an
 * unguessable page id (24 random bytes in base64url, as emailed links' tokens), unique, and the
 * content stored when it started sending links to it, so a paused campaign's messages yet to go
 * and its page name the new address. The numbered address answers 404 from now on.
 */
export class GiveCampaignPagesUnguessableIds1767970000000 implements MigrationInterface {
  name = 'GiveCampaignPagesUnguessableIds1767970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('campaigns', pageIdColumn(queryRunner, true));
    const rows = (await queryRunner.query('SELECT id, html, text FROM campaigns')) as Row[];
    for (const row of rows) {
      const pageId = randomBytes(24).toString('base64url');
      const id = String(row.id);
      await queryRunner.query('UPDATE campaigns SET pageId = ?, html = ?, text = ? WHERE id = ?', [
        pageId,
        relink(row.html, id, pageId),
        relink(row.text, id, pageId),
        row.id,
      ]);
    }
    await queryRunner.changeColumn('campaigns', 'pageId', pageIdColumn(queryRunner, false));
    await queryRunner.createIndex(
      'campaigns',
      new TableIndex({ name: INDEX, columnNames: ['pageId'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query('SELECT id, pageId, html, text FROM campaigns')) as Row[];
    for (const row of rows) {
      const id = String(row.id);
      await queryRunner.query('UPDATE campaigns SET html = ?, text = ? WHERE id = ?', [
        relink(row.html, row.pageId!, id),
        relink(row.text, row.pageId!, id),
        row.id,
      ]);
    }
    await queryRunner.dropIndex('campaigns', INDEX);
    await queryRunner.dropColumn('campaigns', 'pageId');
  }
}

/** The column as the entity declares it (`LinkTokenColumn`): compared exactly on MySQL. */
const pageIdColumn = (queryRunner: QueryRunner, isNullable: boolean) =>
  new TableColumn({
    name: 'pageId',
    type: 'varchar',
    length: '64',
    isNullable,
    ...(isMysql(queryRunner) ? { collation: 'utf8mb4_bin' } : {}),
  });
