import { lazy, Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import { useLocation } from 'react-router-dom';
import {
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
  CONTENT_PAGES,
  REDEEM_PATH,
  type ContentPageKey,
} from '@artist/contracts';
import { ContentPage } from '../features/content/ContentPage.js';
import { HomePage } from '../features/home/HomePage.js';
import { NotFoundPage } from '../features/not-found/NotFoundPage.js';
import { useRemoveFirstPaint } from './FirstPaint.js';
import { createStore } from './store.js';
import '../styles/site.css';

// The pages a fan reaches by a link of their own (an email's, the footer's) are chunks of their
// own: their code, and the passkey library the account uses, never load with the home page.
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
 * The storefront remote's entry: the public home page, the shop's pages and the 404 page for any
 * other address (the shell mounts the storefront there too), with one store.
 */
export default function StorefrontApp() {
  const [store] = useState(() => createStore());
  const { pathname } = useLocation();
  const page = contentPageOf(pathname);
  const path = pathname.replace(/(.)\/$/, '$1');
  useRemoveFirstPaint();
  return (
    <Provider store={store}>
      <div className="storefront" data-remote="storefront" data-build={__BUILD_ID__}>
        {pathname === '/' ? (
          <HomePage />
        ) : page ? (
          <ContentPage page={page} />
        ) : path === REDEEM_PATH ? (
          <Suspense fallback={null}>
            <RedeemPage />
          </Suspense>
        ) : path === ACCOUNT_PATH ? (
          <Suspense fallback={null}>
            <AccountPage />
          </Suspense>
        ) : path === ACCOUNT_SIGN_IN_PATH ? (
          <Suspense fallback={null}>
            <SignInPage />
          </Suspense>
        ) : (
          <NotFoundPage />
        )}
      </div>
    </Provider>
  );
}
