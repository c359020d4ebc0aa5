import { PublicFrame } from '@/app/public-frame';
import { ShellFrame } from '@/app/shell/shell-frame';
import AuthPage from '@/features/auth/routes/auth-page';
import { RefillPageHeader } from '@/features/refill/components/refill-page-header';
import { paths } from '@/config/paths';
import type { PrerenderedPage } from './render';

export { pageVariants, renderPage } from './render';

/**
 * The pages the server can answer with markup before any script runs (issue 9: the first paint
 * without waiting for JavaScript). The SPA renders the same components in a hidden root and swaps
 * when its page is there (app/prerendered-page.ts).
 */
export const prerenderedPages: readonly PrerenderedPage[] = [
  {
    // A first visit: the whole auth page, in its frame.
    name: 'auth',
    path: paths.auth,
    namespaces: ['common', 'shell', 'auth', 'errors'],
    element: (
      <PublicFrame>
        <AuthPage />
      </PublicFrame>
    ),
  },
  {
    // A signed-in start: the frame and the page's header, what does not depend on the user or
    // on data (their name, their rules, their drums come with the SPA).
    name: 'refill',
    path: paths.refill,
    namespaces: ['common', 'shell', 'refill'],
    element: (environment) => (
      <ShellFrame environment={environment}>
        <RefillPageHeader onStartRequest={() => {}} />
      </ShellFrame>
    ),
  },
];
