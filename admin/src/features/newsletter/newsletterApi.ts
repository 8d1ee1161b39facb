import type {
  BulkUpdateResponse,
  EmailSignup,
  FormResponse,
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
    /** A fresh confirmation email to an unconfirmed or unsubscribed signup (it rejoins once it confirms). */
    sendConfirmation: build.mutation<FormResponse, number>({
      query: (id) => ({ url: `/admin/email-signups/${id}/confirmation`, method: 'POST' }),
      invalidatesTags: [{ type: 'EmailSignup', id: 'LIST' }, 'Email'],
    }),
  }),
});

export const { useGetEmailSignupsQuery, useMarkContactedMutation, useSendConfirmationMutation } =
  newsletterApi;
