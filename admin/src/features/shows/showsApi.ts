import type { AdminShow, ListPage, ShowInput, ShowListFilter } from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const showsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShows: build.query<ListPage<AdminShow, ShowListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/shows', args),
      providesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    createShow: build.mutation<AdminShow, ShowInput>({
      query: (body) => ({ url: '/admin/shows', method: 'POST', body }),
      invalidatesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    updateShow: build.mutation<AdminShow, { id: number; body: ShowInput }>({
      query: ({ id, body }) => ({ url: `/admin/shows/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    deleteShow: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/shows/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Show', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetShowsQuery,
  useCreateShowMutation,
  useUpdateShowMutation,
  useDeleteShowMutation,
} = showsApi;
