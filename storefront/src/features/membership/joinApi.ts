import type { CheckoutResponse, MembershipCheckoutRequest } from '@artist/contracts';
import { api } from '../../app/api.js';

/** Joining a tier: Stripe Checkout in subscription mode, for her session's address or `email`. */
export const joinApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinMembership: build.mutation<CheckoutResponse, MembershipCheckoutRequest>({
      query: (body) => ({ url: '/memberships/checkout', method: 'POST', body }),
    }),
  }),
});

export const { useJoinMembershipMutation } = joinApi;
