import type {
  EmailListFilter,
  EmailSetupStatus,
  ListPage,
  OutboxEmailDetail,
  OutboxEmailSummary,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const emailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmails: build.query<ListPage<OutboxEmailSummary, EmailListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/emails', args),
      providesTags: [{ type: 'Email', id: 'LIST' }],
    }),
    getEmail: build.query<OutboxEmailDetail, number>({
      query: (id) => `/admin/emails/${id}`,
    }),
    getEmailStatus: build.query<EmailSetupStatus, void>({
      query: () => '/admin/emails/status',
      providesTags: [{ type: 'Email', id: 'STATUS' }],
    }),
    resendEmail: build.mutation<OutboxEmailSummary, number>({
      query: (id) => ({ url: `/admin/emails/${id}/resend`, method: 'POST' }),
      invalidatesTags: [{ type: 'Email', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetEmailsQuery,
  useGetEmailQuery,
  useGetEmailStatusQuery,
  useResendEmailMutation,
} = emailsApi;
