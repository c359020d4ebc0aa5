import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@portal/ui/spinner';
import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { PublicOnly, RequireAbility, RequireAuth } from './guards/guards';
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

/** The not-authorized page is public and also inside the shell when signed in (spec §2). */
function NotAuthorizedRoute() {
  const isAuthenticated = useAppStore((state) => state.isAuthenticated);
  if (!isAuthenticated) {
    return (
      <main id="main">
        <NotAuthorizedPage />
      </main>
    );
  }
  return (
    <Lazy>
      <Shell />
    </Lazy>
  );
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: paths.auth,
        element: (
          <PublicOnly>
            <Lazy>
              <AuthPage />
            </Lazy>
          </PublicOnly>
        ),
      },
      {
        path: paths.signIn.pattern,
        element: (
          <PublicOnly>
            <Lazy>
              <SignInPage />
            </Lazy>
          </PublicOnly>
        ),
      },
      {
        path: paths.compliancy,
        element: (
          <Lazy>
            <CompliancyPage />
          </Lazy>
        ),
      },
      {
        path: paths.notAuthorized,
        element: <NotAuthorizedRoute />,
        children: [{ index: true, element: <NotAuthorizedPage /> }],
      },
      {
        path: paths.root,
        element: (
          <RequireAuth>
            <Lazy>
              <Shell />
            </Lazy>
          </RequireAuth>
        ),
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to={paths.refill} replace /> },
          {
            path: paths.refill,
            element: (
              <RequireAbility action="get" subject="refill">
                <RefillPage />
              </RequireAbility>
            ),
          },
          { path: paths.calculator, element: <CalculatorPage /> },
          { path: paths.calculatorAlias, element: <Navigate to={paths.calculator} replace /> },
          {
            path: paths.spareParts,
            element: (
              <RequireAbility action="get" subject="spareparts">
                <SparePartsPage />
              </RequireAbility>
            ),
          },
        ],
      },
      {
        path: '*',
        element: (
          <main id="main">
            <NotFoundPage />
          </main>
        ),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
