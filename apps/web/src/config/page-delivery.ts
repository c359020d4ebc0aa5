import type { Namespace } from '@portal/contract';
import {
  firstRenderModules,
  homePage,
  pages,
  signedInFrame,
  visitorHomePage,
  type Page,
  type PageName,
} from './page-map';

/**
 * How each page of the page map is delivered: what the server sends with its HTML, the markup
 * the build prerenders, and its size budget. Only the build and the server read it (through
 * `dist/pages.json`); the app's bundle never imports it.
 */

export interface PrerenderedPage {
  /**
   * The markup's file, `dist/prerendered/<name>.<lang>.html`, or `<name>.<environment>.<lang>.html`
   * when the page names the environment (`isPerEnvironment`).
   */
  name: string;
  isPerEnvironment: boolean;
  /** The modules whose styles the markup wears (their chunks' CSS, and the entry's). */
  styledBy: readonly string[];
  /**
   * Whether the page is whole at its first paint, so fetching anything else before it only slows
   * it (the auth page); a frame waits for the SPA's data and scripts, fetched at once.
   */
  isWhole: boolean;
}

export interface PageDelivery {
  /** API reads the page starts with, fetched with the HTML. */
  reads?: readonly string[];
  /**
   * Modules the page shows over itself at once, fetched with it and counted in its budget (a
   * first visit's consent question over the auth page).
   */
  alsoPreloads?: readonly string[];
  alsoNamespaces?: readonly Namespace[];
  /** Markup rendered by the web build, shown before any script runs. */
  prerendered?: PrerenderedPage;
  /**
   * KiB, gzip, fetched for the first render: the entry, the frame, the page's chunks, what it
   * shows over itself. A page knowingly over it says why in `pending` (shown as over, not failing
   * the check).
   */
  budget: { js: number; css: number; pending?: string };
}

/** What the signed-in frame brings to every signed-in page's delivery. */
export const signedInFrameDelivery = {
  /** Counted in every signed-in page's budget: the query cache comes with the session query. */
  budgetModules: ['src/lib/query-client.ts'],
  // The shell's cart badge and footer read theirs; the error texts are there before the page
  // renders, since a failure can show on any of them (a panel, a toast): loaded later, they
  // would re-render every component waiting for them.
  namespaces: ['spareparts', 'consent', 'errors'],
  reads: ['/api/users/me'],
} as const satisfies {
  budgetModules: readonly string[];
  namespaces: readonly Namespace[];
  reads: readonly string[];
};

// Every budget is the page's measured figure (gzip, `npm run build && npm run test:budgets`) with
// a margin of about 2.5 KiB, so that a change that adds weight is seen, not absorbed.
//
// The entry (React, the router, i18next and react-i18next, the session check, the page map) is
// most of a public page: 108.6 KiB, its compile hint included (the line that has Chromium
// compile it off the main thread). A public page adds its own chunks: 109.5 to 111.3 KiB.
const publicCss = 15;
// A signed-in page also carries the shell, the query cache and the notification bell, and what
// the frame names though it loads them later: the installable app's worker, the live updates,
// the step-up dialog's trigger.
const signedInCss = 30;

/** Every page's delivery: a page added to the map without one does not compile. */
export const pageDelivery: Record<PageName, PageDelivery> = {
  auth: {
    alsoPreloads: ['src/features/consent/components/consent-dialog.tsx'],
    alsoNamespaces: ['consent'],
    prerendered: {
      name: 'auth',
      isPerEnvironment: false,
      styledBy: [
        'src/features/auth/routes/auth-page.tsx',
        'src/features/consent/components/consent-dialog.tsx',
      ],
      isWhole: true,
    },
    // The entry, the form and, on a first visit, the consent pop-up over it, the kit's dialog
    // and switch: measured 117.2 KiB. Its budget is the first visit's ceiling, 118, whatever the
    // margin: every visitor's first page.
    budget: { js: 118, css: publicCss },
  },
  // The entry and the sign-in link's page. Measured 111 KiB.
  signIn: { budget: { js: 114, css: publicCss } },
  // The entry and the alert recipient's confirmation. Measured 110.7 KiB.
  alertRecipient: { budget: { js: 114, css: publicCss } },
  // The entry and the invitation's form. Measured 111.3 KiB.
  invitation: { budget: { js: 114, css: publicCss } },
  // The entry and a status page. Measured 109.9 KiB.
  ssoFailed: { budget: { js: 113, css: publicCss } },
  // The entry and a status page. Measured 109.5 KiB.
  suspended: { budget: { js: 112, css: publicCss } },
  // The cookie list is the kit's data table (TanStack Table and Virtual, 20 KiB), the page's own
  // content: the same table as every list, with its cards on a phone. Measured 134.6 KiB.
  compliancy: { budget: { js: 138, css: publicCss } },
  refill: {
    reads: ['/api/refill/drums', '/api/refill/proposals'],
    // The signed-in frame and the page's header: the largest paint of a phone's first screen.
    prerendered: {
      name: 'refill',
      // Its header names the environment outside production.
      isPerEnvironment: true,
      styledBy: [
        'src/app/shell/shell.tsx',
        'src/features/refill/routes/refill-page.tsx',
        'src/features/consent/components/consent-dialog.tsx',
      ],
      isWhole: false,
    },
    // The signed-in frame, the drum cards' freshness and the proposed refills shown with the
    // drums. Measured 177.3 KiB.
    budget: { js: 180, css: signedInCss },
  },
  // The signed-in frame and the calculator. Measured 173.1 KiB.
  calculator: { budget: { js: 176, css: signedInCss } },
  // The signed-in frame and one drum's page. Measured 168.5 KiB.
  drum: { reads: ['/api/refill/drums'], budget: { js: 171, css: signedInCss } },
  // The signed-in frame and the spare parts' list. Measured 169.2 KiB.
  spareparts: { budget: { js: 172, css: signedInCss } },
  // The kit's table, dialogs and dropdowns (a colleague's role, the trail's action filter) on
  // top of the frame. Measured 197.7 KiB.
  team: { budget: { js: 200, css: signedInCss } },
  integration: {
    reads: [
      '/api/integration/api-keys?offset=0',
      '/api/integration/devices?offset=0',
      '/api/refill/drums',
    ],
    // The team page's frame and kit pieces, plus the kit's dropdown (the drum a sensor is
    // mapped to) and scroll area (the code examples), the keys' expiry and rotation, and the
    // quick start: all on its first screen or one tap away. Measured 199.9 KiB.
    budget: { js: 203, css: signedInCss },
  },
  // The page's own code is a header and a container: the renderer (Scalar, Vue inside) is a
  // chunk of its own fetched once the page is shown, not counted here. Measured 110.5 KiB.
  apiReference: { budget: { js: 113, css: publicCss } },
  // The signed-in frame and the account's details. Measured 163.4 KiB.
  account: { budget: { js: 166, css: signedInCss } },
  // The signed-in frame and the registration's form. Measured 160 KiB.
  registration: { reads: ['/api/registration'], budget: { js: 163, css: signedInCss } },
  backofficeAccounts: {
    reads: ['/api/backoffice/accounts?limit=50&offset=0'],
    // Staff only, on desktops mostly: the signed-in frame, the kit's table (24 KiB) and forms.
    // Measured 219.2 KiB.
    budget: { js: 222, css: signedInCss },
  },
  // As the accounts page, with the account's integration panels and the single sign-on
  // section's trigger; the CSV import's drop zone comes later, when shown. Measured 220.6 KiB.
  backofficeAccount: { budget: { js: 224, css: signedInCss } },
  // The signed-in frame and the live inbox. Measured 193.8 KiB.
  backoffice: { budget: { js: 197, css: signedInCss } },
  // The signed-in frame, presence and the reply's collision check. Measured 179.9 KiB.
  backofficeItem: { budget: { js: 183, css: signedInCss } },
};

/** A page as `dist/pages.json` holds it: the map's facts, its delivery, its first render. */
export type DeliveredPage = Page & PageDelivery & { firstRenderModules: readonly string[] };

/** What `dist/pages.json` holds. */
export interface PageMap {
  pages: readonly DeliveredPage[];
  signedInFrame: typeof signedInFrame & typeof signedInFrameDelivery;
  homePage: PageName;
  visitorHomePage: PageName;
}

/** The page map with each page's delivery, as the web build writes it. */
export function pageMapForBuild(): PageMap {
  return {
    pages: pages.map((page) => ({
      ...page,
      ...pageDelivery[page.name],
      firstRenderModules: firstRenderModules(page),
    })),
    signedInFrame: { ...signedInFrame, ...signedInFrameDelivery },
    homePage,
    visitorHomePage,
  };
}
