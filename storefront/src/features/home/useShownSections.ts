import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { SHOW_ALL_SECTIONS_EVENT } from '../nav/sections.js';

/**
 * How far below the viewport a section starts to mount: a quarter of a screen ahead of the
 * visitor (the hero fills the first screen, so the load mounts the first section below it at
 * most, and scrolling mounts each next one before it shows).
 */
const AHEAD = '0px 0px 25% 0px';

/** The inputs that show the visitor is using the page. */
const ENGAGING = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * How long after the page has loaded the sections below the hero wait for the visitor before
 * they mount in idle time anyway: the first seconds belong to the first screen and the visitor's
 * first taps, and a phone's main thread is then free for them. (At two seconds, mounting the
 * music and about sections was a long task of about 100 ms at Lighthouse's phone speed, just when
 * a visitor starts to tap.)
 */
const QUIET_AFTER_LOAD_MS = 5000;

/** A browser that tells when an element nears the viewport and when it is idle. */
const canDefer = () =>
  typeof IntersectionObserver === 'function' && typeof requestIdleCallback === 'function';

/**
 * How many of the `total` sections below the hero are mounted, in page order, and the element to
 * put after the last of them (the point that, near the viewport, mounts the next one).
 *
 * The first screen is the navigation and hero (which the server's first paint already shows);
 * rendering every section below them at start-up was most of the page's main-thread work, spent
 * on what no one sees yet. So they mount one at a time, each in its own transition, whichever
 * comes first: the next section comes within a quarter of a screen of the viewport (the visitor scrolls), or
 * the browser is idle after the visitor's first input or, without one, five seconds after the page
 * has loaded (so a visitor who waits, a search in the page or a keyboard user still find every
 * section, and a slow phone spreads the work over idle time instead of one long task during
 * the load). `all` mounts every section at once: an address that names a
 * section, the return from checkout, or a browser without IntersectionObserver and
 * requestIdleCallback (and jsdom) get the whole page right after the first render, as before.
 * `scrollToSection` asks for every section too (`SHOW_ALL_SECTIONS_EVENT`) when the one it
 * scrolls to is not there yet.
 *
 * Only the first `available` sections can mount now (the rest are in a chunk not loaded yet):
 * asking for one more calls `loadMore` (the page loads the chunk, and `available` grows), and
 * the sections asked for mount once it has.
 */
export function useShownSections(
  total: number,
  all: boolean,
  available: number = total,
  loadMore: () => unknown = () => undefined,
): { shown: number; next: RefObject<HTMLDivElement | null> } {
  const defer = !all && canDefer();
  // How many are asked for: at most one beyond those available, so a point that stays in view
  // while the chunk loads does not ask for every section at once.
  const [wanted, setWanted] = useState(0);
  const shown = Math.min(wanted, available);
  const next = useRef<HTMLDivElement>(null);
  const showNext = () =>
    startTransition(() => setWanted((n) => Math.min(n + 1, total, available + 1)));

  useEffect(() => {
    if (wanted > available) loadMore();
  }, [wanted, available, loadMore]);

  // Without deferring: everything below the hero right after the first render, in a transition.
  useEffect(() => {
    if (!defer) startTransition(() => setWanted(total));
  }, [defer, total]);

  // Any section scrolled to before it mounted: all of them, before the scroll.
  useEffect(() => {
    const showAll = () => flushSync(() => setWanted(total));
    document.addEventListener(SHOW_ALL_SECTIONS_EVENT, showAll);
    return () => document.removeEventListener(SHOW_ALL_SECTIONS_EVENT, showAll);
  }, [total]);

  // The next section, when the point after the last one comes near the viewport.
  // Observed afresh after each section mounts, so one that still leaves the point in range
  // mounts the next one too.
  useEffect(() => {
    const point = next.current;
    if (!defer || !point || wanted >= total || wanted > available) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          showNext();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(point);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defer, wanted, available, total]);

  // Idle mounting starts with the visitor's first input (a scroll, a tap, a key), or once the
  // page has loaded and QUIET_AFTER_LOAD_MS have passed without one.
  const [idling, setIdling] = useState(false);
  useEffect(() => {
    if (!defer || idling) return;
    const start = () => setIdling(true);
    let wait: ReturnType<typeof setTimeout> | undefined;
    const afterLoad = () => (wait = setTimeout(start, QUIET_AFTER_LOAD_MS));
    for (const type of ENGAGING) window.addEventListener(type, start, { passive: true });
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      for (const type of ENGAGING) window.removeEventListener(type, start);
      window.removeEventListener('load', afterLoad);
      clearTimeout(wait);
    };
  }, [defer, idling]);

  // Then the next section each time the browser is idle.
  useEffect(() => {
    if (!defer || !idling || wanted >= total || wanted > available) return;
    const idle = requestIdleCallback(showNext);
    return () => cancelIdleCallback(idle);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defer, idling, wanted, available, total]);

  return { shown, next };
}
