import type { EmailSignup, FormResponse, SignupListFilter } from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const newsletterApi = injectListEndpoints(
  '/admin/email-signups',
  'EmailSignup',
  (signups, build) => ({
    getEmailSignups: signups.list<EmailSignup, SignupListFilter>(),
    markContacted: signups.bulk<{ contacted: boolean }>(),
    /** A fresh confirmation email to an unconfirmed or unsubscribed signup (it rejoins once it confirms). */
    sendConfirmation: build.mutation<FormResponse, number>({
      query: (id) => ({ url: `/admin/email-signups/${id}/confirmation`, method: 'POST' }),
      invalidatesTags: [signups.tag, 'Email'],
    }),
  }),
);

export const { useGetEmailSignupsQuery, useMarkContactedMutation, useSendConfirmationMutation } =
  newsletterApi;
