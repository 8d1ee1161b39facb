import type { BulkUpdateResponse, ContactMessage, ContactStatus } from '@artist/contracts';
import { api } from '../../app/api.js';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactMessages: build.query<ContactMessage[], void>({
      query: () => '/admin/contact-messages',
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
    markResponded: build.mutation<BulkUpdateResponse, { ids: number[]; status: ContactStatus }>({
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
