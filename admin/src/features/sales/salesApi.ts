import type { SalesQuery, SalesReport } from '@artist/contracts';
import { api } from '../../app/api.js';

/** `?from=…&to=…`, leaving out what is not set (the server then takes this year). */
export const salesQuery = ({ from, to }: SalesQuery) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const qs = query.toString();
  return qs ? `?${qs}` : '';
};

export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSales: build.query<SalesReport, SalesQuery>({
      query: (period) => `/admin/sales${salesQuery(period)}`,
      providesTags: [{ type: 'Sale', id: 'LIST' }],
    }),
  }),
});

export const { useGetSalesQuery } = salesApi;
