import { Outlet, useLocation } from 'react-router';
import { ConsentPrompt } from '@/features/consent/components/consent-prompt';
import { CommandPalette } from '@/features/palette/components/command-palette';
import { NamePrompt } from '@/features/profile/components/name-prompt';
import { useMe } from '@/features/auth/api/get-me';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { needsConsent, useConsentStore } from '@/lib/consent-store';
import { usePageViews } from './analytics';
import { useCoreCommands } from './core-commands';

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
  return (
    <>
      <Outlet />
      {isCompliancy ? null : <ConsentPrompt />}
      {isAuthenticated && me.data ? (
        // The consent question comes first; two modal dialogs at once would fight for focus.
        <NamePrompt profile={me.data} isSuppressed={isConsentPending && !isCompliancy} />
      ) : null}
      <CommandPalette />
    </>
  );
}
