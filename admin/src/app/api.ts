import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The admin's one API slice; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'include' }),
  tagTypes: ['Session', 'Show', 'Order', 'NotifyRequest', 'EmailSignup', 'ContactMessage'],
  refetchOnFocus: false,
  endpoints: () => ({}),
});
