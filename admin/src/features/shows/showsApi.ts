import type { AdminShow, ShowInput } from '@artist/contracts';
import { api } from '../../app/api.js';

export const showsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShows: build.query<AdminShow[], void>({
      query: () => '/admin/shows',
      providesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    createShow: build.mutation<unknown, ShowInput>({
      query: (body) => ({ url: '/admin/shows', method: 'POST', body }),
      invalidatesTags: [{ type: 'Show', id: 'LIST' }],
    }),
    updateShow: build.mutation<unknown, { id: number; body: ShowInput }>({
      query: ({ id, body }) => ({ url: `/admin/shows/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Show', id: 'LIST' }],
    }),
  }),
});

export const { useGetShowsQuery, useCreateShowMutation, useUpdateShowMutation } = showsApi;
