import type { RedeemRequest, RedeemStatus } from '@artist/contracts';
import { api } from '../../app/api.js';

export const redeemApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Whether any card's code can be redeemed: the footer links to /redeem while one can. */
    getRedeemStatus: build.query<RedeemStatus, void>({ query: () => '/redeem' }),
    redeemCode: build.mutation<{ message: string }, RedeemRequest>({
      query: (body) => ({ url: '/redeem', method: 'POST', body }),
    }),
  }),
});

export const { useGetRedeemStatusQuery, useRedeemCodeMutation } = redeemApi;
