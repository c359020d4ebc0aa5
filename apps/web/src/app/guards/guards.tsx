import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';

/** Protected routes: a visitor goes to the auth page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated)
    return <Navigate to={paths.auth} replace state={{ from: location.pathname }} />;
  return children;
}

/** Public-only routes (auth, sign-in): a signed-in user goes to the refill screen. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  if (isAuthenticated) return <Navigate to={paths.refill} replace />;
  return children;
}
