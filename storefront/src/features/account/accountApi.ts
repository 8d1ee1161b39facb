import type {
  Account,
  AccountLibraryItem,
  AccountNotifyRequest,
  AccountOrder,
  AccountPasskey,
  AccountPreferencesInput,
  AccountVerifyAnswer,
  AccountVerifyRequest,
} from '@artist/contracts';
import { api } from '../../app/api.js';

/** The fan's account: `/api/account` and its parts, all under her own session cookie. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<Account, void>({
      query: () => '/account',
      providesTags: ['Account'],
      keepUnusedDataFor: 0,
    }),
    getOrders: build.query<AccountOrder[], void>({
      query: () => '/account/orders',
      providesTags: ['Account'],
      keepUnusedDataFor: 0,
    }),
    getLibrary: build.query<AccountLibraryItem[], void>({
      query: () => '/account/library',
      providesTags: ['Account'],
      keepUnusedDataFor: 0,
    }),
    getNotifyRequests: build.query<AccountNotifyRequest[], void>({
      query: () => '/account/notify-me',
      providesTags: ['Account'],
      keepUnusedDataFor: 0,
    }),
    requestCode: build.mutation<{ message: string }, { email: string }>({
      query: (body) => ({ url: '/account/sign-in', method: 'POST', body }),
    }),
    verify: build.mutation<AccountVerifyAnswer, AccountVerifyRequest>({
      query: (body) => ({ url: '/account/verify', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: '/account/sign-out', method: 'POST' }),
      invalidatesTags: ['Account'],
    }),
    savePreferences: build.mutation<Account, AccountPreferencesInput>({
      query: (body) => ({ url: '/account/preferences', method: 'PUT', body }),
      invalidatesTags: ['Account'],
    }),
    cancelNotify: build.mutation<null, number>({
      query: (id) => ({ url: `/account/notify-me/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Account'],
    }),
    eraseAccount: build.mutation<unknown, { confirm: string }>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
      invalidatesTags: ['Account'],
    }),
    passkeyRegistrationOptions: build.mutation<unknown, void>({
      query: () => ({ url: '/account/passkeys/registration-options', method: 'POST' }),
    }),
    addPasskey: build.mutation<AccountPasskey, unknown>({
      query: (body) => ({ url: '/account/passkeys', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    removePasskey: build.mutation<null, string>({
      query: (id) => ({ url: `/account/passkeys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Account'],
    }),
    membershipPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/account/membership/portal', method: 'POST' }),
    }),
    passkeySignInOptions: build.mutation<unknown, void>({
      query: () => ({ url: '/account/passkey-sign-in/options', method: 'POST' }),
    }),
    passkeySignIn: build.mutation<AccountVerifyAnswer, unknown>({
      query: (body) => ({ url: '/account/passkey-sign-in', method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
  }),
});

export const {
  useGetAccountQuery,
  useGetOrdersQuery,
  useGetLibraryQuery,
  useGetNotifyRequestsQuery,
  useRequestCodeMutation,
  useVerifyMutation,
  useSignOutMutation,
  useSavePreferencesMutation,
  useCancelNotifyMutation,
  useEraseAccountMutation,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useMembershipPortalMutation,
  usePasskeySignInOptionsMutation,
  usePasskeySignInMutation,
} = accountApi;
