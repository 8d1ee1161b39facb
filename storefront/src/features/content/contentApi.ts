import { createContext, useContext, useEffect, useState } from 'react';
import { SITE_CONTENT_ID, type SiteContent } from '@artist/contracts';
import { embeddedJson } from '../../shared/embedded.js';

/**
 * The artist's words and links, for every part of the page: the navigation and hero read them
 * without the store (Redux Toolkit and RTK Query load later, with the sections that need them).
 */
export const SiteContentContext = createContext<SiteContent | undefined>(undefined);

/**
 * The artist's words and links; undefined while they load, so a section renders without them
 * rather than fail. On a page the API made they are in the page from the start (see
 * `embeddedContent`) and nothing is requested.
 */
export function useSiteContent(): SiteContent | undefined {
  return useContext(SiteContentContext);
}

/** The content the server embedded in the page, if any (see `embeddedJson`). */
export const embeddedContent = () => embeddedJson<SiteContent>(SITE_CONTENT_ID);

/**
 * The content for the page's `SiteContentContext`: the page's own copy, or else (a shell on
 * another origin, tests that say so) `GET /api/content`, asked once. A failed read leaves the
 * sections without it, as while it loads.
 */
export function useContentSource(): SiteContent | undefined {
  const [content, setContent] = useState(embeddedContent);
  const missing = content === undefined;
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    fetch('/api/content', { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<SiteContent>) : undefined))
      .then((answer) => answer && setContent(answer))
      .catch(() => undefined);
    return () => controller.abort();
  }, [missing]);
  return content;
}
