import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

/** The photos the gallery showed before it was kept here, in the same order, as built (WebP). */
const FIRST_PHOTOS = [
  ['live-stage', 'Wren Calloway singing under two spotlights on a dark stage'],
  ['studio-session', 'An acoustic guitar and amplifier in a wood-panelled recording studio'],
  ['on-the-road', 'The tour van on an empty highway at sunset between shows'],
] as const;

/** The gallery's photos, edited in the admin; starts with the three the storefront was built with. */
export class CreateGalleryPhotos1766600000100 implements MigrationInterface {
  name = 'CreateGalleryPhotos1766600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const path = (length = '300') => ({ type: 'varchar', length });
    await queryRunner.createTable(
      new Table({
        name: 'gallery_photos',
        columns: [
          idColumn(),
          { name: 'alt', type: 'varchar', length: '200' },
          { name: 'position', type: 'integer' },
          { name: 'mediumWebp', ...path() },
          { name: 'mediumAvif', ...path(), isNullable: true },
          { name: 'mediumWidth', type: 'integer' },
          { name: 'mediumHeight', type: 'integer' },
          { name: 'fullWebp', ...path() },
          { name: 'fullAvif', ...path(), isNullable: true },
          { name: 'fullWidth', type: 'integer' },
          { name: 'fullHeight', type: 'integer' },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [{ name: 'IDX_gallery_photos_position', columnNames: ['position'] }],
      }),
    );
    for (const [index, [name, alt]] of FIRST_PHOTOS.entries()) {
      await queryRunner.manager.insert('gallery_photos', {
        alt,
        position: index + 1,
        mediumWebp: `/gallery-optimized/${name}-medium.webp`,
        mediumAvif: null,
        mediumWidth: 600,
        mediumHeight: 400,
        fullWebp: `/gallery-optimized/${name}-full.webp`,
        fullAvif: null,
        fullWidth: 1600,
        fullHeight: 1067,
      });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('gallery_photos');
  }
}
