import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { keepingTriggers } from './sqlite-triggers.js';

/** Fixed copy: the parts of an uploaded photo that this migration reads. */
interface PhotoRow {
  full?: { webp?: string };
}

/**
 * A product's photos become a list (`images`, JSON text, up to 8, the first the card's): each
 * product's one image becomes the first of its list (an upload by its full-size WebP, with its
 * files). `image` and `photo` keep the first, as the card reads it.
 */
export class ListProductPhotos1768401000000 implements MigrationInterface {
  name = 'ListProductPhotos1768401000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['products'], () =>
      queryRunner.addColumn(
        'products',
        new TableColumn({ name: 'images', type: 'text', isNullable: true }),
      ),
    );
    const rows = (await queryRunner.query(
      'SELECT id, image, photo FROM products WHERE image IS NOT NULL',
    )) as { id: string; image: string; photo: string | null }[];
    for (const row of rows) {
      const photo = parsed(row.photo);
      const url = photo?.full?.webp ?? row.image;
      await queryRunner.query('UPDATE products SET images = ? WHERE id = ?', [
        JSON.stringify([{ url, photo }]),
        row.id,
      ]);
    }
    await queryRunner.query("UPDATE products SET images = '[]' WHERE images IS NULL");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['products'], () =>
      queryRunner.dropColumn('products', 'images'),
    );
  }
}

/** An uploaded photo's JSON text as stored, or null (none, or text that is not JSON). */
function parsed(text: string | null): PhotoRow | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as PhotoRow;
  } catch {
    return null;
  }
}
