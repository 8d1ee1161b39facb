import type {
  Member,
  MemberListFilter,
  MembersSummary,
  MembershipTier,
  MembershipTierInput,
} from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const membersApi = injectListEndpoints('/admin/members', 'Member', (members, build) => ({
  getMembers: members.list<Member, MemberListFilter>(),
  getMembersSummary: build.query<MembersSummary, void>({
    query: () => '/admin/members/summary',
    providesTags: [members.tag],
  }),
}));

export const tiersApi = injectListEndpoints(
  '/admin/membership-tiers',
  'MembershipTier',
  (tiers, build) => ({
    getTiers: build.query<MembershipTier[], void>({
      query: () => '/admin/membership-tiers',
      providesTags: [tiers.tag],
    }),
    createTier: tiers.create<MembershipTier, MembershipTierInput>(),
    updateTier: tiers.update<MembershipTier, MembershipTierInput>(),
    closeTier: tiers.remove<MembershipTier, number>(),
  }),
);

export const { useGetMembersQuery, useGetMembersSummaryQuery } = membersApi;
export const {
  useGetTiersQuery,
  useCreateTierMutation,
  useUpdateTierMutation,
  useCloseTierMutation,
} = tiersApi;
