import type {
  ListSelection,
  NotifyListFilter,
  NotifyMe,
  NotifySendResponse,
} from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const notifyApi = injectListEndpoints(
  '/admin/notify-me',
  'NotifyRequest',
  (requests, build) => ({
    getNotifyRequests: requests.list<NotifyMe, NotifyListFilter>({ cache: 'no-store' }),
    markNotified: requests.bulk<{ notified: boolean }>(),
    /** The back-in-stock email to the chosen requests, each marked notified. */
    sendBackInStock: build.mutation<NotifySendResponse, ListSelection<string>>({
      query: (body) => ({ url: '/admin/notify-me/send', method: 'POST', body }),
      invalidatesTags: [requests.tag, 'Email'],
    }),
  }),
);

export const { useGetNotifyRequestsQuery, useMarkNotifiedMutation, useSendBackInStockMutation } =
  notifyApi;
