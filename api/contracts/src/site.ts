/** Home page sections, in page order; each id is the anchor of its section. */
export const SECTION_IDS = [
  'home',
  'music',
  'about',
  'shows',
  'gallery',
  'merch',
  'membership',
  'email-signup',
  'contact',
] as const;

export type SectionId = (typeof SECTION_IDS)[number];

/**
 * Id of the element holding the home page's static first paint (navigation and hero), which the
 * server puts in the page and the storefront removes when it mounts.
 */
export const FIRST_PAINT_ID = 'storefront-first-paint';

/**
 * The title of the 404 page, given the site's name (the shell's `<meta name="application-name">`):
 * in the server's first response and once the shell has rendered it.
 */
export const notFoundTitle = (siteName: string) => `Page not found · ${siteName}`;

/**
 * Id of the `<script type="application/ld+json">` holding the upcoming shows as schema.org
 * MusicEvents, which the server puts in the home page; the storefront writes its own only when
 * that element is absent (a storefront served on a page this API did not make).
 */
export const SHOWS_STRUCTURED_DATA_ID = 'shows-structured-data';
