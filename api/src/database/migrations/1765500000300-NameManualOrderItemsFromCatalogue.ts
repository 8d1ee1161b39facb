import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FIRST_CATALOGUE } from '../../modules/catalog/first-catalogue.js';
import { catalogueLineName } from '../../modules/orders/product-name.js';

const BATCH = 500;

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
          await queryRunner.manager
            .createQueryBuilder()
            .update('orders')
            .set({ lineItems: renamed })
            .where('id = :id', { id: row.id })
            .execute();
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
