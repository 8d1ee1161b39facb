import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

/** The download links of releases bought or redeemed, and the downloads made with them. */
export class CreateDownloadLinks1767820000100 implements MigrationInterface {
  name = 'CreateDownloadLinks1767820000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'download_links',
        columns: [
          idColumn(),
          { name: 'token', type: 'varchar', length: '64' },
          { name: 'orderId', type: 'integer', isNullable: true },
          { name: 'sessionId', type: 'varchar', length: '255', isNullable: true },
          { name: 'codeId', type: 'integer', isNullable: true },
          { name: 'productId', type: 'varchar', length: '60' },
          { name: 'releaseName', type: 'varchar', length: '120' },
          { name: 'fileId', type: 'integer' },
          { name: 'format', type: 'varchar', length: '40' },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'expiresAt', type: 'bigint' },
          { name: 'downloads', type: 'integer', default: 0 },
          { name: 'lastDownloadAt', type: 'bigint', isNullable: true },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [
          { name: 'IDX_download_links_token', columnNames: ['token'], isUnique: true },
          { name: 'IDX_download_links_orderId', columnNames: ['orderId'] },
          { name: 'IDX_download_links_sessionId', columnNames: ['sessionId'] },
          { name: 'IDX_download_links_email', columnNames: ['email'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'download_records',
        columns: [
          idColumn(),
          { name: 'linkId', type: 'integer' },
          { name: 'orderId', type: 'integer', isNullable: true },
          { name: 'releaseName', type: 'varchar', length: '120' },
          { name: 'format', type: 'varchar', length: '40' },
          { name: 'bytes', type: 'bigint', default: 0 },
          { name: 'at', type: 'bigint' },
        ],
        indices: [
          { name: 'IDX_download_records_orderId', columnNames: ['orderId'] },
          { name: 'IDX_download_records_linkId', columnNames: ['linkId'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('download_records');
    await queryRunner.dropTable('download_links');
  }
}
