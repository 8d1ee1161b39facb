import type { MembershipTier } from '@artist/contracts';
import { api } from '../../app/api.js';

/** The open membership tiers (the section's mount point reads them; joining is in its chunk). */
export const membershipApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembershipTiers: build.query<MembershipTier[], void>({
      query: () => '/membership-tiers',
    }),
  }),
});

export const { useGetMembershipTiersQuery } = membershipApi;
