import type {
  BulkUpdateResponse,
  ListPage,
  ListSelection,
  NotifyListFilter,
  NotifyMe,
  NotifySendResponse,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const notifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifyRequests: build.query<ListPage<NotifyMe, NotifyListFilter>, ListArgs>({
      query: (args) => ({ url: listUrl('/admin/notify-me', args), cache: 'no-store' }),
      providesTags: [{ type: 'NotifyRequest', id: 'LIST' }],
    }),
    markNotified: build.mutation<BulkUpdateResponse, ListSelection<string> & { notified: boolean }>(
      {
        query: (body) => ({ url: '/admin/notify-me/bulk', method: 'PUT', body }),
        invalidatesTags: [{ type: 'NotifyRequest', id: 'LIST' }],
      },
    ),
    /** The back-in-stock email to the chosen requests, each marked notified. */
    sendBackInStock: build.mutation<NotifySendResponse, ListSelection<string>>({
      query: (body) => ({ url: '/admin/notify-me/send', method: 'POST', body }),
      invalidatesTags: [{ type: 'NotifyRequest', id: 'LIST' }, 'Email'],
    }),
  }),
});

export const { useGetNotifyRequestsQuery, useMarkNotifiedMutation, useSendBackInStockMutation } =
  notifyApi;
