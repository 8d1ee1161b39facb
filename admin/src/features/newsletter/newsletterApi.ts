import type { BulkUpdateResponse, EmailSignup } from '@artist/contracts';
import { api } from '../../app/api.js';

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmailSignups: build.query<EmailSignup[], void>({
      query: () => '/admin/email-signups',
      providesTags: [{ type: 'EmailSignup', id: 'LIST' }],
    }),
    markContacted: build.mutation<BulkUpdateResponse, { ids: number[]; contacted: boolean }>({
      query: (body) => ({ url: '/admin/email-signups/bulk', method: 'PUT', body }),
      invalidatesTags: [{ type: 'EmailSignup', id: 'LIST' }],
    }),
  }),
});

export const { useGetEmailSignupsQuery, useMarkContactedMutation } = newsletterApi;
