import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The storefront's one API slice; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'include' }),
  tagTypes: ['Show', 'Product'],
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
