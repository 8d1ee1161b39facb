import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SECTION_IDS, type SectionId } from '@artist/contracts';
import { AboutSection } from '../about/AboutSection.js';
import { CartPanel } from '../cart/CartPanel.js';
import { CheckoutReceipt } from '../checkout/CheckoutReceipt.js';
import { useCheckoutReturn } from '../checkout/useCheckoutReturn.js';
import { ContactSection } from '../contact/ContactSection.js';
import { Footer } from '../footer/Footer.js';
import { GallerySection } from '../gallery/GallerySection.js';
import { HeroSection } from '../hero/HeroSection.js';
import { MembershipSection } from '../membership/MembershipSection.js';
import { MerchSection } from '../merch/MerchSection.js';
import { MusicSection } from '../music/MusicSection.js';
import { TopNav } from '../nav/TopNav.js';
import { PageMetadata } from '../seo/PageMetadata.js';
import { ShowsSection } from '../shows/ShowsSection.js';
import { EmailSignupSection } from '../signup/EmailSignupSection.js';
import { useShownSections } from './useShownSections.js';
import { Toaster } from '../toast/Toaster.js';

/** The sections below the hero, in page order; each mounts on its own (`useShownSections`). */
const BELOW_THE_HERO: [SectionId, () => ReactNode][] = [
  ['music', MusicSection],
  ['about', AboutSection],
  ['shows', ShowsSection],
  ['gallery', GallerySection],
  ['merch', MerchSection],
  ['membership', MembershipSection],
  ['email-signup', EmailSignupSection],
  ['contact', ContactSection],
];

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
      document.getElementById(addressed as SectionId)?.scrollIntoView({ block: 'start' });
    }
  }, [addressed, ready]);
}

/** The checkout return and its receipt, mounted with the whole page. */
function CheckoutReturn() {
  useCheckoutReturn();
  return <CheckoutReceipt />;
}

/**
 * The navigation and hero (what the first screen shows, and what the server's first paint already
 * painted) mount at once; the sections below them mount one by one as they near the viewport or
 * the browser idles (`useShownSections`), and the footer after the last of them.
 */
export function HomePage() {
  const whole = useWholePageAddressed();
  const { shown, next } = useShownSections(BELOW_THE_HERO.length, whole);
  const complete = shown === BELOW_THE_HERO.length;
  useScrollToAddressedSection(complete);
  return (
    <>
      <PageMetadata />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" tabIndex={-1}>
        <HeroSection />
        {BELOW_THE_HERO.slice(0, shown).map(([id, Section]) => (
          <Section key={id} />
        ))}
        {!complete && <div ref={next} className="section-placeholder" aria-hidden="true" />}
        {complete && <CheckoutReturn />}
      </main>
      {complete && <Footer />}
      <CartPanel />
      <Toaster />
    </>
  );
}
