import type { Fan, FanErasure, FanHistory, FanListFilter, ListPage } from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

/** Every list that holds a fan's records: an erasure changes them all. */
const ERASED_LISTS = (
  ['Fan', 'Order', 'EmailSignup', 'NotifyRequest', 'ContactMessage', 'Email'] as const
).map((type) => ({ type, id: 'LIST' }));

export const fansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFans: build.query<ListPage<Fan, FanListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/fans', args),
      providesTags: [{ type: 'Fan', id: 'LIST' }],
    }),
    getFan: build.query<FanHistory, number>({
      query: (id) => `/admin/fans/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Fan', id }],
    }),
    eraseFan: build.mutation<FanErasure, number>({
      query: (id) => ({ url: `/admin/fans/${id}`, method: 'DELETE' }),
      invalidatesTags: ERASED_LISTS,
    }),
  }),
});

export const { useGetFansQuery, useGetFanQuery, useEraseFanMutation } = fansApi;
