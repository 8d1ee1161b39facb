import type { Product } from '@artist/contracts';
import { api } from '../../app/api.js';

export const PLACEHOLDER_IMAGE = '/assets/placeholder.webp';
export const PRODUCT_IMAGE_SIZE = { width: 600, height: 600 } as const;

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], void>({
      query: () => '/products',
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useGetProductsQuery } = catalogApi;

export function productImage(product: Pick<Product, 'image'>): string {
  return product.image ?? PLACEHOLDER_IMAGE;
}
