import type * as SitePagesModule from './sitePages.js';

export type SitePages = typeof SitePagesModule;

let loaded: SitePages | undefined;
let loading: Promise<SitePages> | undefined;

/** Loads the chunk of the content pages and the 404 page (once; later calls reuse it). */
export function loadSitePages(): Promise<SitePages> {
  loading ??= import(/* webpackChunkName: "site-pages" */ './sitePages.js').then(
    (module) => (loaded = module),
  );
  return loading;
}

/** The chunk, when it has already loaded in this page. */
export function loadedSitePages(): SitePages | undefined {
  return loaded;
}
