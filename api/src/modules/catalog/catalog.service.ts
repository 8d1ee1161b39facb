import { Injectable } from '@nestjs/common';
import type { Product, ProductId } from '@artist/contracts';

/**
 * The one product catalogue: what the storefront shows and what checkout charges both come from
 * here, so a price can never differ between the two.
 */
export const PRODUCTS: readonly Product[] = [
  {
    id: 'tshirt',
    name: 'Wren Calloway T-Shirt',
    description:
      'Soft, heavyweight cotton tee in washed black with the hand-drawn "Dust & Daylight" tour artwork on the front.',
    priceInCents: 2500,
    available: true,
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    type: 'purchase',
    image: '/assets/tshirt.webp',
  },
  {
    id: 'hat',
    name: 'Trucker Hat',
    description:
      'Structured mesh-back trucker hat with an embroidered sparrow patch and an adjustable snap closure.',
    priceInCents: 2500,
    available: false,
    type: 'notify',
    image: '/assets/hat.webp',
  },
];

@Injectable()
export class CatalogService {
  list(): readonly Product[] {
    return PRODUCTS;
  }

  find(id: string): Product | undefined {
    return PRODUCTS.find((product) => product.id === (id as ProductId));
  }
}
