import type {
  AdminProduct,
  ListPage,
  ProductInput,
  ProductListFilter,
  StockInput,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ListPage<AdminProduct, ProductListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/products', args),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    createProduct: build.mutation<AdminProduct, ProductInput>({
      query: (body) => ({ url: '/admin/products', method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    updateProduct: build.mutation<AdminProduct, { id: string; body: ProductInput }>({
      query: ({ id, body }) => ({ url: `/admin/products/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    setStock: build.mutation<AdminProduct, { id: string; body: StockInput }>({
      query: ({ id, body }) => ({ url: `/admin/products/${id}/stock`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetStockMutation,
} = productsApi;
