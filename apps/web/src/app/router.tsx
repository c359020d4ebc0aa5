import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@portal/ui/spinner';
import { paths } from '@/config/paths';
import type { Namespace } from '@portal/contract';
import { useAppStore } from '@/lib/app-store';
import { useTranslation } from '@/lib/i18n';
import { PublicOnly, RequireAuth } from './guards/guards';
import {
  firstRenderModules,
  homePage,
  pages,
  visitorHomePage,
  type FrameModule,
  type Page,
  type PageName,
} from '@/config/page-map';
import { PublicFrame } from './public-frame';
import { RevealApp } from './prerendered-page';
import { RootLayout } from './root-layout';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RouteErrorBoundary } from './routes/route-error-boundary';
import { NotAuthorizedPage, NotFoundPage, RouteErrorPage } from './routes/status-page';

// Every page is its own chunk, loaded when it is first shown.
const pageModules = import.meta.glob<{ default: ComponentType }>(
  '/src/features/*/routes/*-page.tsx',
);
// The pages' largest images, as the URLs the build gives them.
const imageUrls = import.meta.glob<string>('/src/features/*/assets/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});
const loadShell = () => import('./shell/shell');
// CASL comes with the signed-in screens, not with a visitor's first page.
const loadRequireAbility = () => import('./guards/require-ability');
const Shell = lazy(loadShell);
const RequireAbility = lazy(loadRequireAbility);

function loaderOf(page: Page): () => Promise<{ default: ComponentType }> {
  const load = pageModules[`/${page.module}`];
  if (!load) throw new Error(`The page map names ${page.module}, which is not a page module.`);
  return load;
}

/**
 * What a route's first render needs beyond the entry: its chunks and translation namespaces.
 * `preloadRoute` starts them all at once when the page loads, instead of one after the other as
 * each lazy component renders: no request chain before the first paint.
 */
interface RouteNeeds {
  chunks: (() => Promise<unknown>)[];
  namespaces: readonly Namespace[];
  /** The page's largest image, fetched at once at high priority. */
  image?: string;
  /** Only signed-in users see it; a visitor is sent to the visitor home. */
  isProtected?: boolean;
}

/** The frame's modules' loaders; typed by the page map, so a module it adds needs one here. */
const frameLoaders: Record<FrameModule, () => Promise<unknown>> = {
  'src/app/shell/shell.tsx': loadShell,
  'src/app/session-query.tsx': () => import('./session-query'),
  'src/app/guards/require-ability.tsx': loadRequireAbility,
};
const isFrameModule = (module: string): module is FrameModule => module in frameLoaders;

function needsOf(page: Page): RouteNeeds {
  const chunks = firstRenderModules(page).map((module) =>
    isFrameModule(module) ? frameLoaders[module] : loaderOf(page),
  );
  if (page.access !== 'signedIn') {
    return {
      chunks,
      namespaces: page.namespaces,
      image: page.image === undefined ? undefined : imageUrls[`/${page.image}`],
    };
  }
  return { chunks, namespaces: page.namespaces, isProtected: true };
}

const pageNamed = (name: PageName): Page => {
  const page = pages.find((candidate) => candidate.name === name);
  if (!page) throw new Error(`No page is named ${name}.`);
  return page;
};
const visitorHomeNeeds = needsOf(pageNamed(visitorHomePage));

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

/** Pages that sit inside the shell when signed in, in the public frame otherwise: not-authorized, not-found. */
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

/** The route's error page in place of its element when the element throws. */
const guarded = (errorPage: ReactNode, element: ReactNode) => (
  <RouteErrorBoundary fallback={errorPage}>{element}</RouteErrorBoundary>
);

/** The page's element: its guard, frame, title and error page around its lazily loaded component. */
function pageElement(page: Page): ReactNode {
  const Component = lazy(loaderOf(page));
  if (page.access === 'signedIn') {
    const component = page.ability ? (
      <RequireAbility action={page.ability.action} subject={page.ability.subject}>
        <Component />
      </RequireAbility>
    ) : (
      <Component />
    );
    return guarded(shellError, titled(page.titleKey, component));
  }
  const framed = (
    <PublicFrame>
      <Lazy>
        <Component />
      </Lazy>
    </PublicFrame>
  );
  return guarded(
    standaloneError,
    titled(page.titleKey, page.access === 'visitor' ? <PublicOnly>{framed}</PublicOnly> : framed),
  );
}

function pageRoutes(page: Page): RouteObject[] {
  const needs = needsOf(page);
  return [
    { path: page.path, handle: needs, element: pageElement(page) },
    ...(page.aliases ?? []).map((alias) => ({
      path: alias,
      handle: needs,
      element: <Navigate to={page.path} replace />,
    })),
  ];
}

export const routes: RouteObject[] = [
  {
    // The last resort, should the layout itself fail.
    element: guarded(standaloneError, <RootLayout />),
    children: [
      ...pages.filter((page) => page.access !== 'signedIn').flatMap(pageRoutes),
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
            // The shell sends the user where the landing rule says (app/landing.ts); most land
            // on the home page, whose modules load meanwhile.
            index: true,
            handle: needsOf(pageNamed(homePage)),
          },
          ...pages.filter((page) => page.access === 'signedIn').flatMap(pageRoutes),
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
 * namespaces, for the translator to load with `common`. Without a session, a protected page is the
 * visitor home the guard will send the visitor to.
 */
export function preloadRoute(
  pathname: string,
  hasSession: boolean | undefined,
): readonly Namespace[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  const found = matches
    .map((match) => match.route.handle as RouteNeeds | undefined)
    .findLast(Boolean);
  const needs = found?.isProtected && hasSession === false ? visitorHomeNeeds : found;
  // Each in a task of its own: starting a chunk's load takes the main thread for milliseconds.
  for (const load of needs?.chunks ?? []) setTimeout(() => void load().catch(() => undefined));
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
