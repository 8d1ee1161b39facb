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

export function scrollToSection(id: SectionId) {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document
    .getElementById(id)
    ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}
