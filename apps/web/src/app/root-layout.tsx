import { Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConsentPrompt } from '@/features/consent/components/consent-prompt';
import { CommandPalette } from '@/features/palette/components/command-palette';
import { NamePrompt } from '@/features/profile/components/name-prompt';
import { useMe } from '@/features/auth/api/get-me';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { needsConsent, useConsentStore } from '@/lib/consent-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePageViews } from './analytics';
import { useCoreCommands } from './core-commands';

/** What a route declares in its `handle`: the common-namespace key of its document title. */
export interface RouteHandle {
  titleKey?: string;
}

function useRouteTitle(): string | undefined {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.titleKey)
    .find(Boolean);
  return key ? t(key) : undefined;
}

/**
 * Around every route: the document title, page views, the consent pop-up (every route but
 * /compliancy, spec §2), the first-sign-in name question and the command palette.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  const isConsentPending = useConsentStore((state) => needsConsent(state.record));
  const me = useMe();
  useDocumentTitle(useRouteTitle());
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
