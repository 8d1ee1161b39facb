/** Home page sections, in page order; each id is the anchor of its section. */
export const SECTION_IDS = [
  'home',
  'music',
  'about',
  'shows',
  'gallery',
  'merch',
  'email-signup',
  'contact',
] as const;

export type SectionId = (typeof SECTION_IDS)[number];
