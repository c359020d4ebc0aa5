import type { ReactNode } from 'react';
import { PublicFrame } from '@/app/public-frame';
import { ShellFrame } from '@/app/shell/shell-frame';
import { pageMapForBuild } from '@/config/page-delivery';
import AuthPage from '@/features/auth/routes/auth-page';
import { PrerenderedConsentDialog } from '@/features/consent/components/prerendered-consent-dialog';
import { RefillPageHeader } from '@/features/refill/components/refill-page-header';
import type { AppEnvironment, PrerenderedPage } from './render';

export { pageVariants, renderPage } from './render';

/**
 * The markup of each page the page map says is prerendered: what the server answers before any
 * script runs, for a first paint without waiting for JavaScript. The SPA renders the same
 * components in a hidden root and swaps when its page is there (app/prerendered-page.ts).
 */
const markup: Record<string, ReactNode | ((environment: AppEnvironment) => ReactNode)> = {
  // A first visit: the whole auth page, in its frame.
  auth: (
    <>
      <PublicFrame>
        <AuthPage />
      </PublicFrame>
      <PrerenderedConsentDialog />
    </>
  ),
  // A signed-in start: the frame and the page's header, what does not depend on the user or on
  // data (their name, their rules, their drums come with the SPA). Signed in on a new device,
  // the consent question is the first screen's largest paint: it comes with the page too.
  refill: (environment: AppEnvironment) => (
    <>
      <ShellFrame environment={environment}>
        <RefillPageHeader onStartRequest={() => {}} />
      </ShellFrame>
      <PrerenderedConsentDialog />
    </>
  ),
};

export const prerenderedPages: readonly PrerenderedPage[] = pageMapForBuild().pages.flatMap(
  (page) => {
    if (!page.prerendered) return [];
    const element = markup[page.prerendered.name];
    if (element === undefined) {
      throw new Error(
        `The page map prerenders ${page.prerendered.name}, which has no markup here.`,
      );
    }
    // The namespaces as the SPA loads them for the page: common, its frame's, the consent
    // question's, its own.
    return [
      {
        name: page.prerendered.name,
        path: page.path,
        namespaces: ['common', 'shell', 'consent', ...page.namespaces],
        element,
      },
    ];
  },
);
