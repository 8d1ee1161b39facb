import type {
  BulkUpdateResponse,
  ContactListFilter,
  ContactMessage,
  ContactStatus,
  ListPage,
  ListSelection,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactMessages: build.query<ListPage<ContactMessage, ContactListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/contact-messages', args),
      providesTags: [{ type: 'ContactMessage', id: 'LIST' }],
    }),
    updateMessageStatus: build.mutation<unknown, { id: number; status: ContactStatus }>({
      query: ({ id, status }) => ({
        url: `/admin/contact-messages/${id}`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: [{ type: 'ContactMessage', id: 'LIST' }],
    }),
    markResponded: build.mutation<
      BulkUpdateResponse,
      ListSelection<string> & { status: ContactStatus }
    >({
      query: (body) => ({ url: '/admin/contact-messages/bulk', method: 'PUT', body }),
      invalidatesTags: [{ type: 'ContactMessage', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetContactMessagesQuery,
  useUpdateMessageStatusMutation,
  useMarkRespondedMutation,
} = contactApi;
