import { startTransition, useEffect, useState } from 'react';
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
import { MerchSection } from '../merch/MerchSection.js';
import { MusicSection } from '../music/MusicSection.js';
import { TopNav } from '../nav/TopNav.js';
import { PageMetadata } from '../seo/PageMetadata.js';
import { ShowsSection } from '../shows/ShowsSection.js';
import { EmailSignupSection } from '../signup/EmailSignupSection.js';
import { Toaster } from '../toast/Toaster.js';

/**
 * The page mounts in two steps. The navigation and hero (what the first screen shows, and what
 * the static first paint already painted) mount at once; the sections below them mount right
 * after, in a transition, which React renders in short slices with the browser free to handle
 * input in between, instead of one long task while the visitor is already looking at the page.
 */
function useRestOfPageReady() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
}

/** An address such as `/#shows` leads to that section once it exists. */
function useScrollToAddressedSection() {
  const { hash } = useLocation();
  const [addressed] = useState(() => decodeURIComponent(hash.slice(1)));
  useEffect(() => {
    if ((SECTION_IDS as readonly string[]).includes(addressed) && addressed !== 'home') {
      document.getElementById(addressed as SectionId)?.scrollIntoView({ block: 'start' });
    }
  }, [addressed]);
}

/** Everything below the hero, mounted in the second step. */
function RestOfPage() {
  useScrollToAddressedSection();
  useCheckoutReturn();
  return (
    <>
      <MusicSection />
      <AboutSection />
      <ShowsSection />
      <GallerySection />
      <MerchSection />
      <EmailSignupSection />
      <ContactSection />
      <CheckoutReceipt />
    </>
  );
}

export function HomePage() {
  const restReady = useRestOfPageReady();
  return (
    <>
      <PageMetadata />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" tabIndex={-1}>
        <HeroSection />
        {restReady && <RestOfPage />}
      </main>
      {restReady && <Footer />}
      <CartPanel />
      <Toaster />
    </>
  );
}
