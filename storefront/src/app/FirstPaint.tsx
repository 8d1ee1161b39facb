import { useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { FIRST_PAINT_ID, type SiteContent } from '@artist/contracts';
import { HeroSection } from '../features/hero/HeroSection.js';
import { TopNav } from '../features/nav/TopNav.js';
import { createStore } from './store.js';

/**
 * The navigation and hero as the server renders them to static HTML (`firstPaintServer.tsx`). The
 * copy carries no ids (the live page owns those) and is inert, so nothing can be clicked or read
 * twice before the live page replaces it.
 */
export function FirstPaint({ content }: { content: SiteContent | undefined }) {
  return (
    <Provider store={createStore(undefined, content)}>
      <TopNav />
      <HeroSection />
    </Provider>
  );
}

/** Takes the static first paint away in the same frame the live page first appears. */
export function useRemoveFirstPaint() {
  useLayoutEffect(() => {
    document.getElementById(FIRST_PAINT_ID)?.remove();
  }, []);
}
