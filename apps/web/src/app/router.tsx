import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@portal/ui/spinner';
import { paths } from '@/config/paths';
import type { Namespace } from '@portal/contract';
import { slides } from '@/features/auth/lib/slides';
import { useAppStore } from '@/lib/app-store';
import { PublicOnly, RequireAuth } from './guards/guards';
import { PublicFrame } from './public-frame';
import { RevealApp } from './prerendered-page';
import { RootLayout } from './root-layout';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RouteErrorBoundary } from './routes/route-error-boundary';
import { NotAuthorizedPage, NotFoundPage, RouteErrorPage } from './routes/status-page';

// Every screen is its own chunk (spec §2: screens load lazily).
const loadShell = () => import('./shell/shell');
const loadAuthPage = () => import('@/features/auth/routes/auth-page');
const loadSignInPage = () => import('@/features/auth/routes/sign-in-page');
const loadConfirmAlertRecipientPage = () =>
  import('@/features/auth/routes/confirm-alert-recipient-page');
const loadCompliancyPage = () => import('@/features/consent/routes/compliancy-page');
const loadRefillPage = () => import('@/features/refill/routes/refill-page');
const loadCalculatorPage = () => import('@/features/calculator/routes/calculator-page');
const loadSparePartsPage = () => import('@/features/spareparts/routes/spare-parts-page');
const loadTeamPage = () => import('@/features/team/routes/team-page');
const loadAccountPage = () => import('@/features/team/routes/account-page');
const loadInvitationPage = () => import('@/features/team/routes/invitation-page');
const loadSuspendedPage = () => import('@/features/team/routes/suspended-page');
// CASL comes with the signed-in screens, not with a visitor's first page.
const loadRequireAbility = () => import('./guards/require-ability');

const Shell = lazy(loadShell);
const AuthPage = lazy(loadAuthPage);
const SignInPage = lazy(loadSignInPage);
const ConfirmAlertRecipientPage = lazy(loadConfirmAlertRecipientPage);
const CompliancyPage = lazy(loadCompliancyPage);
const RefillPage = lazy(loadRefillPage);
const CalculatorPage = lazy(loadCalculatorPage);
const SparePartsPage = lazy(loadSparePartsPage);
const TeamPage = lazy(loadTeamPage);
const AccountPage = lazy(loadAccountPage);
const InvitationPage = lazy(loadInvitationPage);
const SuspendedPage = lazy(loadSuspendedPage);
const RequireAbility = lazy(loadRequireAbility);

/**
 * What a route's first render needs beyond the entry: its chunks and translation namespaces.
 * `preloadRoute` starts them all at once when the page loads, instead of one after the other as
 * each lazy component renders (issue 9: no request chain before the first paint).
 */
interface RouteNeeds {
  chunks: (() => Promise<unknown>)[];
  namespaces: Namespace[];
  /** The page's largest image, fetched at once at high priority. */
  image?: string;
  /** Only signed-in users see it; a visitor is sent to the auth page. */
  isProtected?: boolean;
}
const signedIn = (page: () => Promise<unknown>, namespace: Namespace, guarded = true) => ({
  chunks: guarded ? [loadShell, loadRequireAbility, page] : [loadShell, page],
  namespaces: [namespace],
  isProtected: true,
});
const authNeeds: RouteNeeds = {
  chunks: [loadAuthPage],
  namespaces: ['auth', 'errors'],
  image: slides[0].image,
};

/**
 * A lazily loaded page, its spinner meanwhile. Once in, it takes over from the page the server
 * prerendered; the shell leaves that to its own page (`revealsApp` false), which the prerendered
 * frame shows the header of: revealed with the shell alone, the header would blink.
 */
function Lazy({ children, revealsApp = true }: { children: ReactNode; revealsApp?: boolean }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<CenteredSpinner label={t('loading')} />}>
      {children}
      {revealsApp ? <RevealApp /> : null}
    </Suspense>
  );
}

/** Public pages that sit inside the shell when signed in (spec §2: not-authorized, not-found). */
function ShellWhenSignedIn({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  if (!isAuthenticated) return <PublicFrame>{children}</PublicFrame>;
  return (
    <Lazy revealsApp={false}>
      <Shell>{children}</Shell>
    </Lazy>
  );
}

/**
 * The page's translated document title, rendered with the route's element: when the element
 * fails, the error page replaces both and sets its own title.
 */
function DocumentTitle({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return null;
}

const titled = (titleKey: string, element: ReactNode) => (
  <>
    <DocumentTitle titleKey={titleKey} />
    {element}
  </>
);
const standaloneError = <RouteErrorPage isStandalone />;
const shellError = <RouteErrorPage />;

/** The route's error page in place of its element when the element throws (spec §2). */
const guarded = (errorPage: ReactNode, element: ReactNode) => (
  <RouteErrorBoundary fallback={errorPage}>{element}</RouteErrorBoundary>
);

export const routes: RouteObject[] = [
  {
    // The last resort, should the layout itself fail.
    element: guarded(standaloneError, <RootLayout />),
    children: [
      {
        path: paths.auth,
        handle: authNeeds,
        element: guarded(
          standaloneError,
          titled(
            'screens.auth',
            <PublicOnly>
              <PublicFrame>
                <Lazy>
                  <AuthPage />
                </Lazy>
              </PublicFrame>
            </PublicOnly>,
          ),
        ),
      },
      {
        path: paths.signIn.pattern,
        handle: { chunks: [loadSignInPage], namespaces: ['auth', 'errors'] } satisfies RouteNeeds,
        element: guarded(
          standaloneError,
          titled(
            'screens.signIn',
            <PublicOnly>
              <PublicFrame>
                <Lazy>
                  <SignInPage />
                </Lazy>
              </PublicFrame>
            </PublicOnly>,
          ),
        ),
      },
      {
        path: paths.alertRecipientConfirmation.pattern,
        handle: {
          chunks: [loadConfirmAlertRecipientPage],
          namespaces: ['auth', 'errors'],
        } satisfies RouteNeeds,
        element: guarded(
          standaloneError,
          titled(
            'screens.alertRecipient',
            <PublicFrame>
              <Lazy>
                <ConfirmAlertRecipientPage />
              </Lazy>
            </PublicFrame>,
          ),
        ),
      },
      {
        path: paths.invitation.pattern,
        handle: {
          chunks: [loadInvitationPage],
          namespaces: ['team', 'errors'],
        } satisfies RouteNeeds,
        element: guarded(
          standaloneError,
          titled(
            'screens.invitation',
            <PublicFrame>
              <Lazy>
                <InvitationPage />
              </Lazy>
            </PublicFrame>,
          ),
        ),
      },
      {
        path: paths.suspended,
        handle: {
          chunks: [loadSuspendedPage],
          namespaces: ['team', 'errors'],
        } satisfies RouteNeeds,
        element: guarded(
          standaloneError,
          titled(
            'screens.suspended',
            <PublicFrame>
              <Lazy>
                <SuspendedPage />
              </Lazy>
            </PublicFrame>,
          ),
        ),
      },
      {
        path: paths.compliancy,
        handle: { chunks: [loadCompliancyPage], namespaces: ['consent'] } satisfies RouteNeeds,
        element: guarded(
          standaloneError,
          titled(
            'screens.compliancy',
            <PublicFrame>
              <Lazy>
                <CompliancyPage />
              </Lazy>
            </PublicFrame>,
          ),
        ),
      },
      {
        path: paths.notAuthorized,
        element: guarded(
          standaloneError,
          titled(
            'notAuthorized.title',
            <ShellWhenSignedIn>
              <NotAuthorizedPage />
            </ShellWhenSignedIn>,
          ),
        ),
      },
      {
        path: paths.root,
        element: guarded(
          standaloneError,
          <RequireAuth>
            <Lazy revealsApp={false}>
              <Shell />
            </Lazy>
          </RequireAuth>,
        ),
        children: [
          {
            index: true,
            handle: signedIn(loadRefillPage, 'refill'),
            element: <Navigate to={paths.refill} replace />,
          },
          {
            path: paths.refill,
            handle: signedIn(loadRefillPage, 'refill'),
            element: guarded(
              shellError,
              titled(
                'screens.refill',
                <RequireAbility action="get" subject="refill">
                  <RefillPage />
                </RequireAbility>,
              ),
            ),
          },
          {
            path: paths.calculator,
            handle: signedIn(loadCalculatorPage, 'calculator', false),
            element: guarded(shellError, titled('screens.calculator', <CalculatorPage />)),
          },
          {
            path: paths.calculatorAlias,
            handle: signedIn(loadCalculatorPage, 'calculator', false),
            element: <Navigate to={paths.calculator} replace />,
          },
          {
            path: paths.spareParts,
            handle: signedIn(loadSparePartsPage, 'spareparts'),
            element: guarded(
              shellError,
              titled(
                'screens.spareparts',
                <RequireAbility action="get" subject="spareparts">
                  <SparePartsPage />
                </RequireAbility>,
              ),
            ),
          },
          {
            path: paths.team,
            handle: signedIn(loadTeamPage, 'team'),
            element: guarded(
              shellError,
              titled(
                'screens.team',
                <RequireAbility action="manage" subject="team">
                  <TeamPage />
                </RequireAbility>,
              ),
            ),
          },
          {
            path: paths.account,
            handle: signedIn(loadAccountPage, 'team', false),
            element: guarded(shellError, titled('screens.account', <AccountPage />)),
          },
        ],
      },
      {
        path: '*',
        element: guarded(
          standaloneError,
          titled(
            'notFound.title',
            <ShellWhenSignedIn>
              <NotFoundPage />
            </ShellWhenSignedIn>,
          ),
        ),
      },
    ],
  },
];

/**
 * Starts loading what the page at `pathname` renders first (see RouteNeeds) and returns its
 * namespaces, for i18next to load with `common`. Without a session, a protected page is the auth
 * page the guard will send the visitor to.
 */
export function preloadRoute(pathname: string, hasSession: boolean | undefined): Namespace[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  const found = matches
    .map((match) => match.route.handle as RouteNeeds | undefined)
    .findLast(Boolean);
  const needs = found?.isProtected && hasSession === false ? authNeeds : found;
  for (const load of needs?.chunks ?? []) void load().catch(() => undefined);
  if (needs?.image) {
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image' });
    link.href = needs.image;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
  return needs?.namespaces ?? [];
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the app loads no data in its routes, and the data router's code
 * (loaders, actions, fetchers, its own error boundaries) cost 17 KiB gzip of every first page.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
