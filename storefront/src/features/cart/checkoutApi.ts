import type { CheckoutMode, CheckoutRequest, CheckoutResponse } from '@artist/contracts';
import { api } from '../../app/api.js';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<Partial<CheckoutResponse>, CheckoutRequest>({
      query: (body) => ({ url: '/create-checkout-session', method: 'POST', body }),
    }),
    getCheckoutMode: build.query<CheckoutMode, void>({ query: () => '/checkout/mode' }),
  }),
});

export const { useCreateCheckoutSessionMutation, useGetCheckoutModeQuery } = checkoutApi;

/** Leaves the site for the payment provider's page; a seam for tests, where jsdom cannot navigate. */
export const redirectTo = {
  assign(url: string) {
    window.location.assign(url);
  },
};
