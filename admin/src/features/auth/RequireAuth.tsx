import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';

/** Until admin sessions exist, every visit to the dashboard goes to the login screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = false;
  return authenticated ? children : <Navigate to="/admin/login" replace />;
}
