import { Route, Routes } from 'react-router-dom';
import { ACCOUNT_PATH, ACCOUNT_SIGN_IN_PATH, CONTENT_PAGES, REDEEM_PATH } from '@artist/contracts';
import { RemoteMount } from './RemoteMount.js';

/**
 * The shell owns the router; each remote renders its own routes beneath its mount point. Any
 * address the shell does not route goes to the storefront too, which draws the 404 page inside the
 * site's own header and footer (the server has already answered it with HTTP 404). Each
 * mount has its own key: without it React would keep the admin's mount (and its loaded app) when
 * a link leads from /admin to /, and the admin's routes would render there. The storefront's
 * routes share one key, so going from / to /shipping keeps its loaded app (and its store).
 */
export function App() {
  return (
    <Routes>
      {[
        '/',
        ...CONTENT_PAGES.map((page) => `/${page}`),
        REDEEM_PATH,
        ACCOUNT_PATH,
        ACCOUNT_SIGN_IN_PATH,
      ].map((path) => (
        <Route
          key={path}
          path={path}
          element={<RemoteMount key="storefront" name="storefront" />}
        />
      ))}
      <Route path="/admin/*" element={<RemoteMount key="admin" name="admin" />} />
      <Route path="*" element={<RemoteMount key="storefront" name="storefront" />} />
    </Routes>
  );
}
