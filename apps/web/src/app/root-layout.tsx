import { lazy, Suspense, useState } from 'react';
import { Outlet, matchPath, useLocation } from 'react-router';
import { useCommandPaletteShortcut } from '@portal/ui/command-palette';
import { ConsentPrompt } from '@/features/consent/components/consent-prompt';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { needsConsent, useConsentStore } from '@/lib/consent-store';
import { usePageViews } from './analytics';

// Each of these is needed on some visits only: loaded when it is about to show, so the first
// page of every visitor stays small (first-page budgets).
const SessionNamePrompt = lazy(() => import('./session-name-prompt'));
const PaletteWithCommands = lazy(() => import('./palette-with-commands'));

/** The palette's code arrives on the first Ctrl+K / Cmd+K; from then on the palette listens itself. */
function PaletteOnDemand() {
  const [isLoaded, setLoaded] = useState(false);
  useCommandPaletteShortcut(() => setLoaded(true), !isLoaded);
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <PaletteWithCommands />
    </Suspense>
  );
}

/** Whether `pathname` shows the page that explains cookies, however it is spelled. */
export function isCompliancyPath(pathname: string): boolean {
  return matchPath({ path: paths.compliancy, caseSensitive: false, end: true }, pathname) !== null;
}

/**
 * Around every route: page views, the consent pop-up (every route but
 * /compliancy), the first-sign-in name question and the command palette.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  const user = useAppStore((state) => state.user);
  const isConsentPending = useConsentStore((state) => needsConsent(state.record));
  usePageViews();
  // Every spelling the router takes for the page (a trailing slash, capitals) is the page.
  const isCompliancy = isCompliancyPath(pathname);
  // The store mirrors the session's profile (session-query.tsx).
  const isNameMissing = Boolean(user && (!user.firstName || !user.lastName));
  return (
    <>
      <Outlet />
      {isCompliancy ? null : <ConsentPrompt />}
      {isAuthenticated && isNameMissing ? (
        // The consent question comes first; two modal dialogs at once would fight for focus.
        <Suspense fallback={null}>
          <SessionNamePrompt isSuppressed={isConsentPending && !isCompliancy} />
        </Suspense>
      ) : null}
      <PaletteOnDemand />
    </>
  );
}
