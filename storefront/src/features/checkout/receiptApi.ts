import type { CheckoutSessionStatus } from '@artist/contracts';
import { api } from '../../app/api.js';

export const receiptApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessionStatus: build.query<CheckoutSessionStatus, string>({
      query: (sessionId) => `/checkout/session-status?session_id=${encodeURIComponent(sessionId)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSessionStatusQuery } = receiptApi;
