import { AboutSection } from '../about/AboutSection.js';
import { CartPanel } from '../cart/CartPanel.js';
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

export function HomePage() {
  useCheckoutReturn();
  return (
    <>
      <PageMetadata />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" tabIndex={-1}>
        <HeroSection />
        <MusicSection />
        <AboutSection />
        <ShowsSection />
        <GallerySection />
        <MerchSection />
        <EmailSignupSection />
        <ContactSection />
      </main>
      <Footer />
      <CartPanel />
      <Toaster />
    </>
  );
}
