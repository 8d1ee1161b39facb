import { createApi } from '@reduxjs/toolkit/query/react';
import { httpBaseQuery } from './http.js';

/** The storefront's one API slice; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['Show', 'Product', 'Account'],
  // Data is kept for five minutes and never refetched behind the visitor's back.
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
