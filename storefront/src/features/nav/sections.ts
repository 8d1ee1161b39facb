import type { SectionId } from '@artist/contracts';

/** The navigation's buttons, in order, with the section each one scrolls to. */
export const NAV_LINKS: { id: SectionId; label: string }[] = [
  { id: 'home', label: 'Home' },
  { id: 'music', label: 'Music' },
  { id: 'about', label: 'About' },
  { id: 'shows', label: 'Shows' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'merch', label: 'Merch' },
  { id: 'contact', label: 'Contact' },
];

/** The footer's quick links. */
export const FOOTER_LINKS: { id: SectionId; label: string }[] = [
  { id: 'music', label: 'Music' },
  { id: 'about', label: 'About' },
  { id: 'shows', label: 'Shows' },
  { id: 'merch', label: 'Merch' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'contact', label: 'Contact' },
];

/**
 * Asked of the home page when a section to scroll to has not mounted yet (the sections below the
 * hero mount as they come near the viewport, `features/home/useShownSections.ts`): the page
 * listens for it on `document` and mounts them all before the event returns.
 */
export const SHOW_ALL_SECTIONS_EVENT = 'storefront:show-all-sections';

/**
 * The event's detail: a section whose code is not loaded yet cannot mount before the event
 * returns, so the page sets `ready`, which settles once it has mounted.
 */
export interface ShowAllSectionsDetail {
  ready?: Promise<unknown>;
}

export function scrollToSection(id: SectionId) {
  const scroll = () => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById(id)
      ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  };
  if (document.getElementById(id)) return scroll();
  const detail: ShowAllSectionsDetail = {};
  document.dispatchEvent(new CustomEvent(SHOW_ALL_SECTIONS_EVENT, { detail }));
  if (document.getElementById(id) || !detail.ready) return scroll();
  void detail.ready.then(scroll);
}
