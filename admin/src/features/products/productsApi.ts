import type {
  AdminProduct,
  ProductImageUpload,
  ProductInput,
  ProductListFilter,
  ProductRemoval,
  StockInput,
  TrackPreviewUpload,
} from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const productsApi = injectListEndpoints('/admin/products', 'Product', (products, build) => ({
  getProducts: products.list<AdminProduct, ProductListFilter>(),
  createProduct: products.create<AdminProduct, ProductInput>(),
  updateProduct: products.update<AdminProduct, ProductInput, string>(),
  setStock: build.mutation<AdminProduct, { id: string; body: StockInput }>({
    query: ({ id, body }) => ({ url: `/admin/products/${id}/stock`, method: 'PUT', body }),
    invalidatesTags: [products.tag],
  }),
  /** The photo through the gallery's pipeline; answers the product with its new photo. */
  uploadProductImage: build.mutation<AdminProduct, { id: string; photo: File }>({
    query: ({ id, photo }) => {
      const body = new FormData();
      body.append('photo', photo);
      return { url: `/admin/products/${id}/image`, method: 'POST', body };
    },
    invalidatesTags: [products.tag],
  }),
  /** One more photo, last; answers its address. */
  addProductImage: build.mutation<ProductImageUpload, { id: string; file: File }>({
    query: ({ id, file }) => {
      const body = new FormData();
      body.append('file', file);
      return { url: `/admin/products/${id}/images`, method: 'POST', body };
    },
    invalidatesTags: [products.tag],
  }),
  /** The product's photos in a new order (the first is the card's). */
  orderProductImages: build.mutation<AdminProduct, { id: string; images: string[] }>({
    query: ({ id, images }) => ({
      url: `/admin/products/${id}/images`,
      method: 'PUT',
      body: { images },
    }),
    invalidatesTags: [products.tag],
  }),
  removeProductImage: build.mutation<AdminProduct, { id: string; index: number }>({
    query: ({ id, index }) => ({ url: `/admin/products/${id}/images/${index}`, method: 'DELETE' }),
    invalidatesTags: [products.tag],
  }),
  /** A release track's preview (MP3, Ogg or M4A); a new one replaces the one before. */
  uploadTrackPreview: build.mutation<TrackPreviewUpload, { id: string; index: number; file: File }>(
    {
      query: ({ id, index, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `/admin/products/${id}/tracks/${index}/preview`, method: 'POST', body };
      },
      invalidatesTags: [products.tag],
    },
  ),
  /** Removed when never ordered, else archived: `outcome` says which. */
  deleteProduct: products.remove<ProductRemoval, string>(),
  restoreProduct: build.mutation<AdminProduct, string>({
    query: (id) => ({ url: `/admin/products/${id}/restore`, method: 'POST' }),
    invalidatesTags: [products.tag],
  }),
  /** Every product in the shop, each once, in the shop's new order. */
  reorderProducts: build.mutation<AdminProduct[], string[]>({
    query: (ids) => ({ url: '/admin/products/order', method: 'PUT', body: { ids } }),
    invalidatesTags: [products.tag],
  }),
}));

export const {
  useGetProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetStockMutation,
  useUploadProductImageMutation,
  useAddProductImageMutation,
  useOrderProductImagesMutation,
  useRemoveProductImageMutation,
  useUploadTrackPreviewMutation,
  useDeleteProductMutation,
  useRestoreProductMutation,
  useReorderProductsMutation,
} = productsApi;

/** Every product, by name, for the product pickers of the discount and campaign dialogs. */
export const useProductChoicesQuery = () =>
  useGetProductsQuery({ status: 'all', search: '', sort: 'name', page: 1, pageSize: 200 });
