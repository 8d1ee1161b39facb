import { SITE_CONTENT_ID, type SiteContent } from '@artist/contracts';
import { api } from '../../app/api.js';

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

/**
 * The content the server embedded in the page (`<script type="application/json">`), if any. A
 * shell on another origin, or a test, has none: the content is then asked for.
 */
export function embeddedContent(): SiteContent | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_CONTENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SiteContent;
  } catch {
    return undefined;
  }
}
