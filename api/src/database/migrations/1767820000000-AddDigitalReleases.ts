import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

/**
 * Digital releases: a product's kind, pricing, lowest price and tracks, and the ZIP of each of
 * its formats in storage.
 */
export class AddDigitalReleases1767820000000 implements MigrationInterface {
  name = 'AddDigitalReleases1767820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('products', [
      new TableColumn({ name: 'kind', type: 'varchar', length: '10', default: "'physical'" }),
      new TableColumn({ name: 'pricing', type: 'varchar', length: '20', default: "'fixed'" }),
      new TableColumn({ name: 'minPriceCents', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'tracks', type: 'text', isNullable: true }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'release_files',
        columns: [
          idColumn(),
          { name: 'productId', type: 'varchar', length: '60' },
          { name: 'format', type: 'varchar', length: '40' },
          { name: 'storageKey', type: 'varchar', length: '255' },
          { name: 'bytes', type: 'bigint' },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [
          {
            name: 'IDX_release_files_productId_format',
            columnNames: ['productId', 'format'],
            isUnique: true,
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('release_files');
    for (const column of ['tracks', 'minPriceCents', 'pricing', 'kind']) {
      await queryRunner.dropColumn('products', column);
    }
  }
}
