import type { LoginRequest, LoginResponse } from '@artist/contracts';
import { api, setAuthenticated } from '../../app/api.js';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body, allow401: true }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/admin/logout', method: 'POST', allow401: true }),
    }),
  }),
});

export const { useGetSessionQuery, useLoginMutation, useLogoutMutation } = authApi;
export { setAuthenticated };
