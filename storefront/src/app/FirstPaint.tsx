import { useLayoutEffect } from 'react';
import { FIRST_PAINT_ID, type SiteContent } from '@artist/contracts';
import { HeroSection } from '../features/hero/HeroSection.js';
import { SiteContentContext } from '../features/content/contentApi.js';
import { TopNav } from '../features/nav/TopNav.js';

/**
 * The navigation and hero as the server renders them to static HTML (`firstPaintServer.tsx`). The
 * copy carries no ids (the live page owns those) and is inert, so nothing can be clicked or read
 * twice before the live page replaces it.
 */
export function FirstPaint({ content }: { content: SiteContent | undefined }) {
  return (
    <SiteContentContext.Provider value={content}>
      <TopNav />
      <HeroSection />
    </SiteContentContext.Provider>
  );
}

/** Takes the static first paint away in the same frame the live page first appears. */
export function useRemoveFirstPaint() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
  }, []);
}
