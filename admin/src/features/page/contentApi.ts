import type { SiteContent } from '@artist/contracts';
import { api } from '../../app/api.js';

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContent: build.query<SiteContent, void>({
      query: () => '/admin/content',
      providesTags: ['Content'],
    }),
    // The answer is the content as saved: it replaces the cached copy without asking again.
    saveContent: build.mutation<SiteContent, SiteContent>({
      query: (body) => ({ url: '/admin/content', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(contentApi.util.upsertQueryData('getContent', undefined, data));
      },
    }),
  }),
});

export const { useGetContentQuery, useSaveContentMutation } = contentApi;
