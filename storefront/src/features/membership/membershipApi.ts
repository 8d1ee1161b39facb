import type {
  CheckoutResponse,
  MembershipCheckoutRequest,
  MembershipTier,
} from '@artist/contracts';
import { api } from '../../app/api.js';

/** The open membership tiers, and joining one (Stripe Checkout in subscription mode). */
export const membershipApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembershipTiers: build.query<MembershipTier[], void>({
      query: () => '/membership-tiers',
    }),
    joinMembership: build.mutation<CheckoutResponse, MembershipCheckoutRequest>({
      query: (body) => ({ url: '/memberships/checkout', method: 'POST', body }),
    }),
  }),
});

export const { useGetMembershipTiersQuery, useJoinMembershipMutation } = membershipApi;
