import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { Navigate } from 'react-router-dom';
import { useGetSessionQuery } from './authApi.js';

/** Shows a spinner while the session is checked, then the dashboard or the login screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, isLoading } = useGetSessionQuery();
  if (isLoading) {
    return (
      <div
        role="status"
        aria-label="Checking session"
        style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}
      >
        <Spin size="large" />
      </div>
    );
  }
  return data?.authenticated ? children : <Navigate to="/admin/login" replace />;
}
