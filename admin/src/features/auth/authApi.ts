import type { LoginRequest, LoginResponse, SessionStatus } from '@artist/contracts';
import { api } from '../../app/api.js';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Any failure of the session check counts as not authenticated.
    getSession: build.query<SessionStatus, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const res = await baseQuery({ url: '/admin/session', allow401: true });
        const data = res.data as SessionStatus | null | undefined;
        return { data: { authenticated: !res.error && data?.authenticated === true } };
      },
      providesTags: ['Session'],
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body, allow401: true }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/admin/logout', method: 'POST', allow401: true }),
    }),
  }),
});

export const { useGetSessionQuery, useLoginMutation, useLogoutMutation } = authApi;

/** Marks the session as (un)authenticated without asking the server again. */
export const setAuthenticated = (authenticated: boolean) =>
  authApi.util.upsertQueryData('getSession', undefined, { authenticated });
