import type { ContactRequest, EmailSignupRequest, FormResponse } from '@artist/contracts';
import { api } from './api.js';

export const formsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<FormResponse, EmailSignupRequest>({
      query: (body) => ({ url: '/email-signup', method: 'POST', body }),
    }),
    sendContactMessage: build.mutation<FormResponse, ContactRequest>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSignUpMutation, useSendContactMessageMutation } = formsApi;
