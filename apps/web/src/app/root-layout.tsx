import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCommandPaletteShortcut } from '@portal/ui/command-palette';
import { useMe } from '@/features/auth/api/get-me';
import { ConsentPrompt } from '@/features/consent/components/consent-prompt';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { needsConsent, useConsentStore } from '@/lib/consent-store';
import { usePageViews } from './analytics';
import { useCoreCommands } from './core-commands';

// Each of these is needed on some visits only: loaded when it is about to show, so the first
// page of every visitor stays small (issue 9 budgets).
const NamePrompt = lazy(() =>
  import('@/features/profile/components/name-prompt').then((module) => ({
    default: module.NamePrompt,
  })),
);
const CommandPalette = lazy(() =>
  import('@/features/palette/components/command-palette').then((module) => ({
    default: module.CommandPalette,
  })),
);

/** The palette's code arrives on the first Ctrl+K / Cmd+K; from then on the palette listens itself. */
function PaletteOnDemand() {
  const [isLoaded, setLoaded] = useState(false);
  useCommandPaletteShortcut(() => setLoaded(true), !isLoaded);
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette defaultOpen />
    </Suspense>
  );
}

/**
 * Around every route: page views, the consent pop-up (every route but
 * /compliancy, spec §2), the first-sign-in name question and the command palette.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  const isConsentPending = useConsentStore((state) => needsConsent(state.record));
  const me = useMe();
  usePageViews();
  useCoreCommands();
  const isCompliancy = pathname === paths.compliancy;
  const profile = me.data;
  const isNameMissing = Boolean(profile && (!profile.firstName || !profile.lastName));
  return (
    <>
      <Outlet />
      {isCompliancy ? null : <ConsentPrompt />}
      {isAuthenticated && profile && isNameMissing ? (
        // The consent question comes first; two modal dialogs at once would fight for focus.
        <Suspense fallback={null}>
          <NamePrompt profile={profile} isSuppressed={isConsentPending && !isCompliancy} />
        </Suspense>
      ) : null}
      <PaletteOnDemand />
    </>
  );
}
