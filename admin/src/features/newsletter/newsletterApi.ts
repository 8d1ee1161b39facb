import type {
  BulkUpdateResponse,
  EmailSignup,
  ListPage,
  ListSelection,
  SignupListFilter,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmailSignups: build.query<ListPage<EmailSignup, SignupListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/email-signups', args),
      providesTags: [{ type: 'EmailSignup', id: 'LIST' }],
    }),
    markContacted: build.mutation<
      BulkUpdateResponse,
      ListSelection<string> & { contacted: boolean }
    >({
      query: (body) => ({ url: '/admin/email-signups/bulk', method: 'PUT', body }),
      invalidatesTags: [{ type: 'EmailSignup', id: 'LIST' }],
    }),
  }),
});

export const { useGetEmailSignupsQuery, useMarkContactedMutation } = newsletterApi;
