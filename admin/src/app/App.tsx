import { useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import { themeTokens } from '@artist/contracts';
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

/** The admin remote's entry: login and the dashboard beneath /admin, with its own store. */
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
              <Route
                index
                element={
                  <RequireAuth>
                    <Dashboard />
                  </RequireAuth>
                }
              />
              <Route path="*" element={notFound} />
            </Routes>
          </div>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
