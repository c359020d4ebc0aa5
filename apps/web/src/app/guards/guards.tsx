import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { rememberReturnPath } from '@/lib/return-path';

/**
 * Protected routes: a visitor goes to the auth page, and the page they asked for is kept for
 * when they have signed in (app/landing.ts).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  const { pathname, search } = useLocation();
  if (isAuthenticated) return children;
  rememberReturnPath(pathname + search);
  return <Navigate to={paths.auth} replace />;
}

/** Public-only routes (auth, sign-in): a signed-in user goes where the landing rule says (`/`). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  if (isAuthenticated) return <Navigate to={paths.root} replace />;
  return children;
}
