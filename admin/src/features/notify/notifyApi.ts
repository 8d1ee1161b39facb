import type { BulkUpdateResponse, NotifyMe } from '@artist/contracts';
import { api } from '../../app/api.js';

export const notifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A refresh (a timestamp) adds a cache-busting query and skips the browser cache.
    getNotifyRequests: build.query<NotifyMe[], number | void>({
      query: (refresh) =>
        refresh ? { url: `/admin/notify-me?t=${refresh}`, cache: 'no-store' } : '/admin/notify-me',
      providesTags: [{ type: 'NotifyRequest', id: 'LIST' }],
    }),
    markNotified: build.mutation<BulkUpdateResponse, { ids: number[]; notified: boolean }>({
      query: (body) => ({ url: '/admin/notify-me/bulk', method: 'PUT', body }),
      invalidatesTags: [{ type: 'NotifyRequest', id: 'LIST' }],
    }),
  }),
});

export const { useGetNotifyRequestsQuery, useMarkNotifiedMutation } = notifyApi;
