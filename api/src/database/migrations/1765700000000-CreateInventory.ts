import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

/** The catalogue as it was in code when it moved to the database: same ids, names and prices. */
const FIRST_CATALOGUE = [
  {
    id: 'tshirt',
    name: 'Wren Calloway T-Shirt',
    description:
      'Soft, heavyweight cotton tee in washed black with the hand-drawn "Dust & Daylight" tour artwork on the front.',
    priceInCents: 2500,
    image: '/assets/tshirt.webp',
    position: 1,
    // Not tracked until the artist counts them, so the shop looks as it did.
    variants: ['S', 'M', 'L', 'XL', '2XL'].map((size) => ({ size, stock: null })),
  },
  {
    id: 'hat',
    name: 'Trucker Hat',
    description:
      'Structured mesh-back trucker hat with an embroidered sparrow patch and an adjustable snap closure.',
    priceInCents: 2500,
    image: '/assets/hat.webp',
    position: 2,
    // None left: Notify Me, as before.
    variants: [{ size: '', stock: 0 }],
  },
];

/** One row of the given columns, without the entities' metadata. */
async function insertRow(
  queryRunner: QueryRunner,
  table: string,
  row: Record<string, string | number | null>,
): Promise<void> {
  const escape = (name: string) => queryRunner.connection.driver.escape(name);
  const columns = Object.keys(row);
  await queryRunner.query(
    `INSERT INTO ${escape(table)} (${columns.map(escape).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    Object.values(row),
  );
}

/** Products and their stock per size in the database, and the reservations of open checkouts. */
export class CreateInventory1765700000000 implements MigrationInterface {
  name = 'CreateInventory1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'products',
        columns: [
          { name: 'id', type: 'varchar', length: '60', isPrimary: true },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'description', type: 'text' },
          { name: 'priceInCents', type: 'integer' },
          { name: 'image', type: 'varchar', length: '500', isNullable: true },
          { name: 'position', type: 'integer', default: 0 },
          ...timestampColumns(queryRunner),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'product_variants',
        columns: [
          idColumn(),
          { name: 'productId', type: 'varchar', length: '60' },
          { name: 'size', type: 'varchar', length: '10', default: "''" },
          { name: 'position', type: 'integer', default: 0 },
          { name: 'stock', type: 'integer', isNullable: true },
          { name: 'reserved', type: 'integer', default: 0 },
          { name: 'sold', type: 'integer', default: 0 },
        ],
        indices: [
          {
            name: 'IDX_product_variants_productId_size',
            columnNames: ['productId', 'size'],
            isUnique: true,
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'stock_reservations',
        columns: [
          idColumn(),
          { name: 'sessionId', type: 'varchar', length: '255' },
          { name: 'variantId', type: 'integer' },
          { name: 'quantity', type: 'integer' },
          { name: 'state', type: 'varchar', length: '10', default: "'held'" },
          { name: 'expiresAt', type: 'bigint' },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [
          {
            name: 'IDX_stock_reservations_sessionId_variantId',
            columnNames: ['sessionId', 'variantId'],
            isUnique: true,
          },
          { name: 'IDX_stock_reservations_state_expiresAt', columnNames: ['state', 'expiresAt'] },
        ],
      }),
    );
    // Plain INSERTs of these columns: the entity's metadata (which an insert by table name reads)
    // describes the table as later migrations leave it, with columns this one does not make.
    for (const { variants, ...product } of FIRST_CATALOGUE) {
      await insertRow(queryRunner, 'products', product);
      for (const [position, variant] of variants.entries())
        await insertRow(queryRunner, 'product_variants', {
          productId: product.id,
          position,
          ...variant,
        });
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('stock_reservations');
    await queryRunner.dropTable('product_variants');
    await queryRunner.dropTable('products');
  }
}
