import type {
  LoginResponse,
  PasswordResetConfirm,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorSetupRequest,
  TwoFactorStatus,
} from '@artist/contracts';
import { api } from '../../app/api.js';

/** The admin account: password reset by email and two-step login. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<LoginResponse, void>({
      query: () => ({ url: '/admin/password-reset', method: 'POST', body: {}, allow401: true }),
    }),
    confirmPasswordReset: build.mutation<LoginResponse, PasswordResetConfirm>({
      query: (body) => ({
        url: '/admin/password-reset/confirm',
        method: 'POST',
        body,
        allow401: true,
      }),
    }),
    getTwoFactor: build.query<TwoFactorStatus, void>({
      query: () => ({ url: '/admin/2fa', cache: 'no-store' }),
    }),
    setUpTwoFactor: build.mutation<TwoFactorSetup, TwoFactorSetupRequest>({
      query: (body) => ({ url: '/admin/2fa/setup', method: 'POST', body }),
    }),
    enableTwoFactor: build.mutation<TwoFactorEnabled, string>({
      query: (code) => ({ url: '/admin/2fa/enable', method: 'POST', body: { code } }),
    }),
    disableTwoFactor: build.mutation<TwoFactorStatus, string>({
      query: (code) => ({ url: '/admin/2fa/disable', method: 'POST', body: { code } }),
    }),
  }),
});

export const {
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useGetTwoFactorQuery,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
} = accountApi;
