import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { SECTION_IDS, type SectionId } from '@artist/contracts';
import { useShop, WithStore } from '../../app/shop.js';
import { loadedStoreRuntime } from '../../app/storeRuntimeChunk.js';
import { AboutSection } from '../about/AboutSection.js';
import { HeroSection } from '../hero/HeroSection.js';
import { MusicSection } from '../music/MusicSection.js';
import { TopNav } from '../nav/TopNav.js';
import { PageMetadata } from '../seo/PageMetadata.js';
import {
  scrollToElement,
  SHOW_ALL_SECTIONS_EVENT,
  type ShowAllSectionsDetail,
} from '../nav/sections.js';
import {
  loadedLaterSections,
  loadLaterSections,
  type LaterSections,
} from './laterSectionsChunk.js';
import { useShownSections } from './useShownSections.js';

/**
 * The sections below the hero, in page order; each mounts on its own (`useShownSections`). The
 * first ones are in the page's first chunk (they are near the first screen and are only
 * content); the rest (`LATER_SECTIONS`, with the footer and the checkout return) are one chunk
 * loaded when the first of them is about to mount.
 */
const NEAR_THE_HERO: [SectionId, () => ReactNode][] = [
  ['music', MusicSection],
  ['about', AboutSection],
];
// Checked against the chunk's list by the compiler.
const LATER_COUNT: LaterSections['LATER_SECTIONS']['length'] = 6;
const BELOW_THE_HERO_COUNT = NEAR_THE_HERO.length + LATER_COUNT;

/**
 * The chunk of the later sections, loaded with the store (they read and write it) on the first
 * call (when one of them is to mount); `ready` settles once they can render.
 */
function useLaterSections(): { later: LaterSections | null; load: () => Promise<void> } {
  const { store, loadStore } = useShop();
  const [later, setLater] = useState<LaterSections | null>(() =>
    store ? (loadedLaterSections() ?? null) : null,
  );
  const load = useCallback(
    () =>
      Promise.all([loadLaterSections(), loadStore()]).then(([module]) => {
        // Rendered before the promise settles, so a scroll waiting on it finds the section.
        flushSync(() => setLater(module));
      }),
    [loadStore],
  );
  return { later, load };
}

/** The cart panel and the toasts, which come with the store. */
function StoreParts() {
  const runtime = loadedStoreRuntime();
  return runtime ? (
    <>
      <runtime.CartPanel />
      <runtime.Toaster />
    </>
  ) : null;
}

/**
 * Whether the address asks for the whole page at once: it names a section (`/#shows`) or is the
 * return from checkout (which scrolls to the merch), as the first render finds it.
 */
function useWholePageAddressed(): boolean {
  const { hash, search } = useLocation();
  const [whole] = useState(
    () =>
      (SECTION_IDS as readonly string[]).includes(decodeURIComponent(hash.slice(1))) ||
      new URLSearchParams(search).has('checkout'),
  );
  return whole;
}

/** An address such as `/#shows` leads to that section once it exists. */
function useScrollToAddressedSection(ready: boolean) {
  const { hash } = useLocation();
  const [addressed] = useState(() => decodeURIComponent(hash.slice(1)));
  useEffect(() => {
    if (!ready) return;
    if ((SECTION_IDS as readonly string[]).includes(addressed) && addressed !== 'home') {
      const section = document.getElementById(addressed as SectionId);
      if (section) scrollToElement(section, { block: 'start' });
    }
  }, [addressed, ready]);
}

/**
 * The navigation and hero (what the first screen shows, and what the server's first paint already
 * painted) mount at once, without the store; the sections below them mount one by one as they
 * near the viewport or the browser idles (`useShownSections`), and the footer after the last of
 * them. The later ones, the cart panel and the toasts render with the store, once it has loaded.
 */
export function HomePage() {
  const whole = useWholePageAddressed();
  const { later, load } = useLaterSections();
  const available = later ? BELOW_THE_HERO_COUNT : NEAR_THE_HERO.length;
  const { shown, next } = useShownSections(BELOW_THE_HERO_COUNT, whole, available, load);
  const complete = shown === BELOW_THE_HERO_COUNT;
  useScrollToAddressedSection(complete);

  // A scroll to a section of the later chunk waits for it (`scrollToSection`).
  useEffect(() => {
    const waitForLater = (event: Event) => {
      const detail = (event as CustomEvent<ShowAllSectionsDetail>).detail;
      if (detail && !later) detail.ready = load();
    };
    document.addEventListener(SHOW_ALL_SECTIONS_EVENT, waitForLater);
    return () => document.removeEventListener(SHOW_ALL_SECTIONS_EVENT, waitForLater);
  }, [later, load]);

  const laterShown: (readonly [string, () => ReactNode])[] = later
    ? later.LATER_SECTIONS.slice(0, Math.max(0, shown - NEAR_THE_HERO.length))
    : [];
  return (
    <>
      <PageMetadata />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" tabIndex={-1}>
        <HeroSection />
        {NEAR_THE_HERO.slice(0, shown).map(([id, Section]) => (
          <Section key={id} />
        ))}
        {laterShown.length > 0 && (
          <WithStore>
            {laterShown.map(([id, Section]) => (
              <Section key={id} />
            ))}
          </WithStore>
        )}
        {!complete && <div ref={next} className="section-placeholder" aria-hidden="true" />}
        {complete && later && (
          <WithStore>
            <later.CheckoutReturn />
          </WithStore>
        )}
      </main>
      {complete && later && (
        <WithStore>
          <later.Footer />
        </WithStore>
      )}
      <WithStore>
        <StoreParts />
      </WithStore>
    </>
  );
}
