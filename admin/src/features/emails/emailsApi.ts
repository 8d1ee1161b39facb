import type {
  EmailListFilter,
  EmailSetupStatus,
  OutboxEmailDetail,
  OutboxEmailSummary,
} from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const emailsApi = injectListEndpoints('/admin/emails', 'Email', (emails, build) => ({
  getEmails: emails.list<OutboxEmailSummary, EmailListFilter>(),
  getEmail: build.query<OutboxEmailDetail, number>({
    query: (id) => `/admin/emails/${id}`,
  }),
  getEmailStatus: build.query<EmailSetupStatus, void>({
    query: () => '/admin/emails/status',
    providesTags: [{ type: 'Email', id: 'STATUS' }],
  }),
  resendEmail: build.mutation<OutboxEmailSummary, number>({
    query: (id) => ({ url: `/admin/emails/${id}/resend`, method: 'POST' }),
    invalidatesTags: [emails.tag],
  }),
}));

export const {
  useGetEmailsQuery,
  useGetEmailQuery,
  useGetEmailStatusQuery,
  useResendEmailMutation,
} = emailsApi;
