import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@portal/ui/spinner';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { PublicOnly, RequireAbility, RequireAuth } from './guards/guards';
import { PublicFrame } from './public-frame';
import { RootLayout } from './root-layout';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NotAuthorizedPage, NotFoundPage, RouteErrorPage } from './routes/status-page';

// Every screen is its own chunk (spec §2: screens load lazily).
const Shell = lazy(() => import('./shell/shell'));
const AuthPage = lazy(() => import('@/features/auth/routes/auth-page'));
const SignInPage = lazy(() => import('@/features/auth/routes/sign-in-page'));
const CompliancyPage = lazy(() => import('@/features/consent/routes/compliancy-page'));
const RefillPage = lazy(() => import('@/features/refill/routes/refill-page'));
const CalculatorPage = lazy(() => import('@/features/calculator/routes/calculator-page'));
const SparePartsPage = lazy(() => import('@/features/spareparts/routes/spare-parts-page'));

function Lazy({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<CenteredSpinner label={t('loading')} />}>{children}</Suspense>;
}

/** Public pages that sit inside the shell when signed in (spec §2: not-authorized, not-found). */
function ShellWhenSignedIn({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  if (!isAuthenticated) return <PublicFrame>{children}</PublicFrame>;
  return (
    <Lazy>
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The last resort, should the layout itself fail.
    errorElement: standaloneError,
    children: [
      {
        path: paths.auth,
        errorElement: standaloneError,
        element: titled(
          'screens.auth',
          <PublicOnly>
            <PublicFrame>
              <Lazy>
                <AuthPage />
              </Lazy>
            </PublicFrame>
          </PublicOnly>,
        ),
      },
      {
        path: paths.signIn.pattern,
        errorElement: standaloneError,
        element: titled(
          'screens.signIn',
          <PublicOnly>
            <PublicFrame>
              <Lazy>
                <SignInPage />
              </Lazy>
            </PublicFrame>
          </PublicOnly>,
        ),
      },
      {
        path: paths.compliancy,
        errorElement: standaloneError,
        element: titled(
          'screens.compliancy',
          <PublicFrame>
            <Lazy>
              <CompliancyPage />
            </Lazy>
          </PublicFrame>,
        ),
      },
      {
        path: paths.notAuthorized,
        errorElement: standaloneError,
        element: titled(
          'notAuthorized.title',
          <ShellWhenSignedIn>
            <NotAuthorizedPage />
          </ShellWhenSignedIn>,
        ),
      },
      {
        path: paths.root,
        errorElement: standaloneError,
        element: (
          <RequireAuth>
            <Lazy>
              <Shell />
            </Lazy>
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.refill} replace /> },
          {
            path: paths.refill,
            errorElement: shellError,
            element: titled(
              'screens.refill',
              <RequireAbility action="get" subject="refill">
                <RefillPage />
              </RequireAbility>,
            ),
          },
          {
            path: paths.calculator,
            errorElement: shellError,
            element: titled('screens.calculator', <CalculatorPage />),
          },
          { path: paths.calculatorAlias, element: <Navigate to={paths.calculator} replace /> },
          {
            path: paths.spareParts,
            errorElement: shellError,
            element: titled(
              'screens.spareparts',
              <RequireAbility action="get" subject="spareparts">
                <SparePartsPage />
              </RequireAbility>,
            ),
          },
        ],
      },
      {
        path: '*',
        errorElement: standaloneError,
        element: titled(
          'notFound.title',
          <ShellWhenSignedIn>
            <NotFoundPage />
          </ShellWhenSignedIn>,
        ),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
