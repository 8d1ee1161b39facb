import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

/** Download codes for a release, printed on cards in batches, each redeemed once. */
export class CreateDownloadCodes1767820000200 implements MigrationInterface {
  name = 'CreateDownloadCodes1767820000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'download_code_batches',
        columns: [
          idColumn(),
          { name: 'productId', type: 'varchar', length: '60' },
          { name: 'count', type: 'integer' },
          { name: 'voidedAt', type: 'bigint', isNullable: true },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [{ name: 'IDX_download_code_batches_productId', columnNames: ['productId'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'download_codes',
        columns: [
          idColumn(),
          { name: 'batchId', type: 'integer' },
          { name: 'productId', type: 'varchar', length: '60' },
          { name: 'code', type: 'varchar', length: '10' },
          { name: 'redeemedAt', type: 'bigint', isNullable: true },
          { name: 'email', type: 'varchar', length: '320', isNullable: true },
        ],
        indices: [
          { name: 'IDX_download_codes_code', columnNames: ['code'], isUnique: true },
          { name: 'IDX_download_codes_batchId', columnNames: ['batchId'] },
          { name: 'IDX_download_codes_email', columnNames: ['email'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('download_codes');
    await queryRunner.dropTable('download_code_batches');
  }
}
