import type { Product } from '@artist/contracts';

/**
 * The catalogue as it was in code before it moved to the database (migration
 * CreateInventory1765700000000 writes the same rows). Migrations that ran before that one, and the
 * volume seed's product names, read it; everything else reads the database.
 */
export const FIRST_CATALOGUE: readonly Pick<Product, 'id' | 'name' | 'priceInCents' | 'sizes'>[] = [
  {
    id: 'tshirt',
    name: 'Wren Calloway T-Shirt',
    priceInCents: 2500,
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
  },
  { id: 'hat', name: 'Trucker Hat', priceInCents: 2500 },
];
