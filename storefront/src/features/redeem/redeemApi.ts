import type { RedeemRequest } from '@artist/contracts';
import { api } from '../../app/api.js';

export const redeemApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeemCode: build.mutation<{ message: string }, RedeemRequest>({
      query: (body) => ({ url: '/redeem', method: 'POST', body }),
    }),
  }),
});

export const { useRedeemCodeMutation } = redeemApi;
