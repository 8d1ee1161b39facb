import type { ContactListFilter, ContactMessage, ContactStatus } from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const contactApi = injectListEndpoints(
  '/admin/contact-messages',
  'ContactMessage',
  (messages, build) => ({
    getContactMessages: messages.list<ContactMessage, ContactListFilter>(),
    updateMessageStatus: build.mutation<unknown, { id: number; status: ContactStatus }>({
      query: ({ id, status }) => ({
        url: `/admin/contact-messages/${id}`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: [messages.tag],
    }),
    markResponded: messages.bulk<{ status: ContactStatus }>(),
  }),
);

export const {
  useGetContactMessagesQuery,
  useUpdateMessageStatusMutation,
  useMarkRespondedMutation,
} = contactApi;
