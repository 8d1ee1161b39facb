import type {
  AdminProduct,
  ListPage,
  ProductInput,
  ProductListFilter,
  ProductRemoval,
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
    /** The photo through the gallery's pipeline; answers the product with its new photo. */
    uploadProductImage: build.mutation<AdminProduct, { id: string; photo: File }>({
      query: ({ id, photo }) => {
        const body = new FormData();
        body.append('photo', photo);
        return { url: `/admin/products/${id}/image`, method: 'POST', body };
      },
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** Removed when never ordered, else archived: `outcome` says which. */
    deleteProduct: build.mutation<ProductRemoval, string>({
      query: (id) => ({ url: `/admin/products/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    restoreProduct: build.mutation<AdminProduct, string>({
      query: (id) => ({ url: `/admin/products/${id}/restore`, method: 'POST' }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** Every product in the shop, each once, in the shop's new order. */
    reorderProducts: build.mutation<AdminProduct[], string[]>({
      query: (ids) => ({ url: '/admin/products/order', method: 'PUT', body: { ids } }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetStockMutation,
  useUploadProductImageMutation,
  useDeleteProductMutation,
  useRestoreProductMutation,
  useReorderProductsMutation,
} = productsApi;
