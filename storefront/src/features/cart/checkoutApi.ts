import type { CheckoutRequest, CheckoutResponse, CheckoutSessionStatus } from '@artist/contracts';
import { api } from '../../app/api.js';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<Partial<CheckoutResponse>, CheckoutRequest>({
      query: (body) => ({ url: '/create-checkout-session', method: 'POST', body }),
    }),
    /** The success return's check: the server makes the order now if the webhook is late. */
    checkoutSessionStatus: build.mutation<CheckoutSessionStatus, string>({
      query: (sessionId) => ({
        url: `/checkout/session-status?session_id=${encodeURIComponent(sessionId)}`,
      }),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation } = checkoutApi;

/** Leaves the site for the payment provider's page; a seam for tests, where jsdom cannot navigate. */
export const redirectTo = {
  assign(url: string) {
    window.location.assign(url);
  },
};
