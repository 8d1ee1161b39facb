import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
  CONTENT_PAGES,
  REDEEM_PATH,
  type ContentPageKey,
} from '@artist/contracts';
import { SiteContentContext, useContentSource } from '../features/content/contentApi.js';
import { HomePage } from '../features/home/HomePage.js';
import { useRemoveFirstPaint } from './FirstPaint.js';
import { ShopContext, useShop, useShopState, WithStore } from './shop.js';
import { loadedSitePages, loadSitePages, type SitePages } from './sitePagesChunk.js';
import '../styles/site.css';

// The pages a fan reaches by a link of their own (an email's, the footer's) are chunks of their
// own: their code, and the passkey library the account uses, never load with the home page. So
// are the content pages and the 404 page (`sitePages.ts`), whose footer and cart use the store.
const AccountPage = lazy(() =>
  import('../features/account/AccountPage.js').then((m) => ({ default: m.AccountPage })),
);
const SignInPage = lazy(() =>
  import('../features/account/SignInPage.js').then((m) => ({ default: m.SignInPage })),
);
const RedeemPage = lazy(() =>
  import('../features/redeem/RedeemPage.js').then((m) => ({ default: m.RedeemPage })),
);

/** The content page an address names (`/shipping`, …), if any. */
function contentPageOf(pathname: string): ContentPageKey | undefined {
  const name = pathname.replace(/^\/|\/$/g, '');
  return (CONTENT_PAGES as readonly string[]).includes(name) ? (name as ContentPageKey) : undefined;
}

/**
 * A page other than the home page: it loads the store and the other pages' chunk at once and
 * renders with them (at once when they had loaded).
 */
function StoredPage({ children }: { children: (pages: SitePages) => ReactNode }) {
  const { loadStore } = useShop();
  const [pages, setPages] = useState(loadedSitePages);
  useEffect(() => {
    let mounted = true;
    void Promise.all([loadSitePages(), loadStore()]).then(
      ([module]) => mounted && setPages(module),
    );
    return () => {
      mounted = false;
    };
  }, [loadStore]);
  return pages ? (
    <WithStore>
      <Suspense fallback={null}>{children(pages)}</Suspense>
    </WithStore>
  ) : null;
}

/**
 * The storefront remote's entry: the public home page, the shop's pages and the 404 page for any
 * other address (the shell mounts the storefront there too), with one store. The home page's
 * first screen renders without the store, which loads when a part of the page needs it
 * (`app/shop.tsx`).
 */
export default function StorefrontApp() {
  const shop = useShopState();
  const content = useContentSource();
  const { pathname } = useLocation();
  const page = contentPageOf(pathname);
  const path = pathname.replace(/(.)\/$/, '$1');
  useRemoveFirstPaint();
  return (
    <ShopContext.Provider value={shop}>
      <SiteContentContext.Provider value={content}>
        <div className="storefront" data-remote="storefront" data-build={__BUILD_ID__}>
          {pathname === '/' ? (
            <HomePage />
          ) : (
            <StoredPage>
              {({ ContentPage, NotFoundPage }) =>
                page ? (
                  <ContentPage page={page} />
                ) : path === REDEEM_PATH ? (
                  <RedeemPage />
                ) : path === ACCOUNT_PATH ? (
                  <AccountPage />
                ) : path === ACCOUNT_SIGN_IN_PATH ? (
                  <SignInPage />
                ) : (
                  <NotFoundPage />
                )
              }
            </StoredPage>
          )}
        </div>
      </SiteContentContext.Provider>
    </ShopContext.Provider>
  );
}
