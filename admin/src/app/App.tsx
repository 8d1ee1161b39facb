import { useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import {
  ADMIN_AREAS,
  adminAreaPath,
  DEFAULT_ADMIN_AREA,
  LEGACY_ADMIN_TABS,
  themeTokens,
} from '@artist/contracts';
import { LoginPage } from '../features/auth/LoginPage.js';
import { RequireAuth } from '../features/auth/RequireAuth.js';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.js';
import { Dashboard } from '../features/dashboard/Dashboard.js';
import { createStore } from './store.js';

interface AdminAppProps {
  notFound: ReactNode;
  /** Seconds a toast stays; false keeps it until dismissed (tests use that to avoid timers). */
  toastSeconds?: number | false;
}

/** The admin remote's entry: login and the dashboard's areas beneath /admin, with its own store. */
export default function AdminApp({ notFound, toastSeconds = 5 }: AdminAppProps) {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <ConfigProvider theme={{ token: themeTokens }}>
        <AntApp notification={{ maxCount: 1, duration: toastSeconds }}>
          <div data-remote="admin" data-build={__BUILD_ID__}>
            <Routes>
              <Route path="login" element={<LoginPage />} />
              <Route path="reset-password" element={<ResetPasswordPage />} />
              <Route index element={<OpenArea />} />
              {ADMIN_AREAS.map(({ key }) => (
                <Route
                  key={key}
                  path={key}
                  element={
                    <RequireAuth>
                      <Dashboard area={key} />
                    </RequireAuth>
                  }
                />
              ))}
              <Route path="*" element={notFound} />
            </Routes>
          </div>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}

/**
 * `/admin` opens on the default area; an address from before each area had its own
 * (`/admin?tab=orders&status=pending`) opens that area with the rest of its query.
 */
function OpenArea() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const tab = params.get('tab') ?? '';
  params.delete('tab');
  const area =
    ADMIN_AREAS.find(({ key }) => key === tab)?.key ?? LEGACY_ADMIN_TABS[tab] ?? DEFAULT_ADMIN_AREA;
  const query = params.toString();
  return <Navigate to={`${adminAreaPath(area)}${query ? `?${query}` : ''}`} replace />;
}
