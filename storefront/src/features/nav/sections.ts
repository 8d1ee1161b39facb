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

/**
 * How long a scroll to a section keeps the section in place while the page above it settles:
 * the sections just mounted for the scroll load their lists (the merch, say) and grow, which
 * would leave the visitor above the section asked for. The visitor's own input ends it sooner.
 */
const FOLLOW_MS = 10_000;

/** The inputs that show the visitor has taken over. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls to `target`, and again each time what is above it moves it (its parent's size changes
 * and the target's place in the page with it), until the visitor acts or FOLLOW_MS pass.
 */
export function scrollToElement(target: HTMLElement, options: ScrollIntoViewOptions) {
  target.scrollIntoView(options);
  const parent = target.parentElement;
  if (!parent || typeof ResizeObserver !== 'function') return;
  const place = () => target.getBoundingClientRect().top + window.scrollY;
  let at = place();
  const observer = new ResizeObserver(() => {
    const now = place();
    if (now === at) return;
    at = now;
    target.scrollIntoView(options);
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, FOLLOW_MS);
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  observer.observe(parent);
}

export function scrollToSection(id: SectionId) {
  const scroll = () => {
    const target = document.getElementById(id);
    if (!target) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scrollToElement(target, { behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  };
  if (document.getElementById(id)) return scroll();
  const detail: ShowAllSectionsDetail = {};
  document.dispatchEvent(new CustomEvent(SHOW_ALL_SECTIONS_EVENT, { detail }));
  if (document.getElementById(id) || !detail.ready) return scroll();
  void detail.ready.then(scroll);
}
