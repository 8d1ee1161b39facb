import { SITE_CONTENT_ID, type SiteContent } from '@artist/contracts';
import { api } from '../../app/api.js';
import { embeddedJson } from '../../shared/embedded.js';

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContent: build.query<SiteContent, void>({
      query: () => '/content',
      providesTags: ['Content'],
    }),
  }),
});

/**
 * The artist's words and links; undefined while they load, so a section renders without them
 * rather than fail. On a page the API made they are in the store from the start (see
 * `embeddedContent`) and nothing is requested.
 */
export function useSiteContent(): SiteContent | undefined {
  return contentApi.useGetContentQuery().data;
}

/** The content the server embedded in the page, if any (see `embeddedJson`). */
export const embeddedContent = () => embeddedJson<SiteContent>(SITE_CONTENT_ID);
