import { useEffect, type ReactNode } from 'react';
import { CartPanel } from '../cart/CartPanel.js';
import { Footer } from '../footer/Footer.js';
import { TopNav } from '../nav/TopNav.js';

/**
 * A page of the site other than the home page (a content page, /redeem, the 404 page): the site's
 * header leading to the home page's sections, with the cart, the page's own title in the tab, and
 * the footer.
 */
export function SitePage({
  documentTitle,
  className,
  children,
}: {
  documentTitle: string;
  className?: string;
  children: ReactNode;
}) {
  useEffect(() => {
    const before = document.title;
    document.title = documentTitle;
    return () => {
      document.title = before;
    };
  }, [documentTitle]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav away />
      <main id="main" tabIndex={-1} className={`section ${className ?? ''}`.trim()}>
        <div>{children}</div>
      </main>
      <Footer />
      <CartPanel />
    </>
  );
}
