import type { AdminOverview } from '@artist/contracts';
import { api } from '../../app/api.js';

export const overviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The figures count the lists' rows, so every write that refreshes one of those lists
    // refreshes the figures too.
    getOverview: build.query<AdminOverview, void>({
      query: () => '/admin/overview',
      providesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'ContactMessage', id: 'LIST' },
        { type: 'NotifyRequest', id: 'LIST' },
        { type: 'EmailSignup', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetOverviewQuery } = overviewApi;
