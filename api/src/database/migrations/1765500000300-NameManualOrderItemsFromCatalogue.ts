import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 500;

/** The catalogue when this migration was written (names and sizes), fixed here. */
const FIRST_CATALOGUE: readonly Named[] = [
  { name: 'Wren Calloway T-Shirt', sizes: ['S', 'M', 'L', 'XL', '2XL'] },
  { name: 'Trucker Hat' },
];

/**
 * Manual orders named their items in the merch table's short words ("T-Shirt - XL") while
 * checkout uses the catalogue's ("Wren Calloway T-Shirt - XL"): rename the manual orders' items
 * that match a catalogue product, so one product reads the same in every order and search.
 */
export class NameManualOrderItemsFromCatalogue1765500000300 implements MigrationInterface {
  name = 'NameManualOrderItemsFromCatalogue1765500000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (let lastId = 0; ;) {
      const rows: { id: number; lineItems: string }[] = await queryRunner.manager
        .createQueryBuilder()
        .select(['o.id AS id', 'o.lineItems AS lineItems'])
        .from('orders', 'o')
        .where('o.stripeSessionId LIKE :manual', { manual: 'manual_%' })
        .andWhere('o.id > :lastId', { lastId })
        .orderBy('o.id', 'ASC')
        .limit(BATCH)
        .getRawMany();
      if (rows.length === 0) return;
      for (const row of rows) {
        const renamed = renameItems(row.lineItems);
        if (renamed !== null) {
          // Plain SQL: the orders' entity no longer has this column.
          await queryRunner.query('UPDATE orders SET lineItems = ? WHERE id = ?', [
            renamed,
            row.id,
          ]);
        }
      }
      lastId = Number(rows[rows.length - 1].id);
    }
  }

  // The short names are not kept, and the catalogue's names are what the code now writes.
  async down(): Promise<void> {}
}

/** The items JSON with catalogue names, or null when nothing changes or it is unreadable. */
function renameItems(json: string): string | null {
  let items: unknown;
  try {
    items = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(items)) return null;
  let changed = false;
  const renamed = items.map((item: unknown) => {
    if (!item || typeof item !== 'object') return item;
    const name = (item as { product_name?: unknown }).product_name;
    if (typeof name !== 'string') return item;
    const catalogueName = catalogueLineName(name, FIRST_CATALOGUE);
    if (catalogueName === name) return item;
    changed = true;
    return { ...item, product_name: catalogueName };
  });
  return changed ? JSON.stringify(renamed) : null;
}

interface Named {
  name: string;
  sizes?: string[];
}

/**
 * A manual order line's name in the catalogue's words ("Wren Calloway T-Shirt - L"), the merch
 * table's short name ("T-Shirt - XL") read as the product whose name ends with it; a name that
 * matches no product is kept. A fixed copy of the orders' rule as it was when this was written.
 */
function catalogueLineName(name: string, products: readonly Named[]): string {
  const sized = /^(.+?)\s+-\s+(\S+)$/.exec(name.trim());
  if (sized) {
    const product = findProduct(sized[1], products);
    const size = product?.sizes?.find((s) => s === sized[2].toUpperCase());
    if (size) return `${product!.name} - ${size}`;
  }
  const product = findProduct(name.trim(), products);
  return product && !product.sizes?.length ? product.name : name;
}

function findProduct(base: string, products: readonly Named[]): Named | undefined {
  const wanted = base.toLowerCase();
  return products.find((product) => {
    const full = product.name.toLowerCase();
    return full === wanted || full.endsWith(` ${wanted}`);
  });
}
