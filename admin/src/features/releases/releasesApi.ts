import type {
  AdminProduct,
  CodeBatch,
  CodeBatchCreated,
  DownloadRecord,
  ProductInput,
  ReleaseFile,
} from '@artist/contracts';
import { api } from '../../app/api.js';

const RELEASES = { type: 'Product' as const, id: 'RELEASES' };

export const releasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReleases: build.query<AdminProduct[], void>({
      query: () => '/admin/releases',
      providesTags: [RELEASES],
    }),
    createRelease: build.mutation<AdminProduct, ProductInput>({
      query: (body) => ({ url: '/admin/products', method: 'POST', body }),
      invalidatesTags: [RELEASES, { type: 'Product', id: 'LIST' }],
    }),
    uploadReleaseFile: build.mutation<ReleaseFile, { id: string; format: string; file: File }>({
      query: ({ id, format, file }) => {
        const body = new FormData();
        body.append('format', format);
        body.append('file', file);
        return { url: `/admin/products/${id}/files`, method: 'POST', body };
      },
      invalidatesTags: [RELEASES],
    }),
    getOrderDownloads: build.query<DownloadRecord[], number>({
      query: (id) => `/admin/orders/${id}/downloads`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id: `downloads:${id}` }],
    }),
    resendDownloads: build.mutation<{ sent: number }, number>({
      query: (id) => ({ url: `/admin/orders/${id}/downloads/resend`, method: 'POST' }),
    }),
    getCodeBatches: build.query<CodeBatch[], string>({
      query: (id) => `/admin/products/${id}/codes`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id: `codes:${id}` }],
    }),
    createCodes: build.mutation<CodeBatchCreated, { id: string; count: number }>({
      query: ({ id, count }) => ({
        url: `/admin/products/${id}/codes`,
        method: 'POST',
        body: { count },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Product', id: `codes:${id}` }],
    }),
    voidCodes: build.mutation<CodeBatch, { id: string; batchId: number }>({
      query: ({ id, batchId }) => ({
        url: `/admin/products/${id}/codes/${batchId}/void`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Product', id: `codes:${id}` }],
    }),
  }),
});

export const {
  useGetReleasesQuery,
  useCreateReleaseMutation,
  useUploadReleaseFileMutation,
  useGetCodeBatchesQuery,
  useGetOrderDownloadsQuery,
  useResendDownloadsMutation,
  useCreateCodesMutation,
  useVoidCodesMutation,
} = releasesApi;
