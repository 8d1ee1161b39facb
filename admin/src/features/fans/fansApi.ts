import type { Fan, FanErasure, FanHistory, FanListFilter } from '@artist/contracts';
import { injectListEndpoints, listTag } from '../../app/api.js';

/** Every list that holds a fan's records: an erasure changes them all. */
const ERASED_LISTS = (
  ['Fan', 'Order', 'EmailSignup', 'NotifyRequest', 'ContactMessage', 'Email'] as const
).map(listTag);

export const fansApi = injectListEndpoints('/admin/fans', 'Fan', (fans, build) => ({
  getFans: fans.list<Fan, FanListFilter>(),
  getFan: build.query<FanHistory, number>({
    query: (id) => `/admin/fans/${id}`,
    providesTags: (_result, _error, id) => [{ type: 'Fan', id }],
  }),
  eraseFan: build.mutation<FanErasure, number>({
    query: (id) => ({ url: `/admin/fans/${id}`, method: 'DELETE' }),
    invalidatesTags: ERASED_LISTS,
  }),
}));

export const { useGetFansQuery, useGetFanQuery, useEraseFanMutation } = fansApi;
