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

// The entry (React, the router, the translator, the session check, the page map and the API's
// error codes) is most of a public page: 92 KiB, its compile hint included (the line that has
// Chromium compile it off the main thread). The auth page adds its form and, on a first visit,
// the consent pop-up over it: just under 100 KiB in all. The team page carries the kit's table,
// selects and dialogs on top of the frame. A signed-in page also carries the shell, the query
// cache and the notification bell; /refill, with the drum cards' freshness and the proposed
// refills shown with the drums, is 157.
const publicBudget = { js: 100, css: 15 };
const signedInBudget = { js: 160, css: 30 };

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
    budget: {
      ...publicBudget,
      pending:
        'the entry keeps the page a visitor asked for before signing in (the landing rule), the ' +
        'form loads the single sign-on choice once an address is typed and the passkey code on ' +
        'a click (their triggers, and the new pages in the page map): 101.5 KiB gzip, give or ' +
        'take 0.1 KiB as the chunk names the entry lists vary',
    },
  },
  signIn: { budget: publicBudget },
  alertRecipient: { budget: publicBudget },
  invitation: { budget: publicBudget },
  suspended: { budget: publicBudget },
  ssoFailed: { budget: publicBudget },
  // The cookie list is the kit's data table (TanStack Table and Virtual, 20 KiB), the page's own
  // content: the same table as every list, with its cards on a phone.
  compliancy: { budget: { js: 121, css: 15 } },
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
    // The signed-in budget and what every signed-in page now carries, each loaded later but
    // named by the frame: the installable app's worker, the live updates, the step-up dialog's
    // trigger. Set from the measured 161.5 KiB with a margin of 2.5.
    budget: { js: 164, css: 30 },
  },
  calculator: { budget: signedInBudget },
  drum: { reads: ['/api/refill/drums'], budget: signedInBudget },
  spareparts: { budget: signedInBudget },
  // Measured 176.9 KiB, with a margin of 3.
  // The kit's dropdown for a colleague's role and the trail's action filter, as on every page
  // that chooses from a list: measured 181.8 KiB.
  team: { budget: { js: 184, css: 30 } },
  integration: {
    reads: [
      '/api/integration/api-keys?offset=0',
      '/api/integration/devices?offset=0',
      '/api/refill/drums',
    ],
    // The team page's frame and kit pieces, plus the kit's dropdown (the drum a sensor is
    // mapped to) and scroll area (the code examples), the keys' expiry and rotation, and the
    // quick start: all on its first screen or one tap away. Measured 184.2 KiB, margin 2.8.
    budget: { js: 187, css: 30 },
  },
  // The page's own code is a header and a container: the renderer (Scalar, Vue inside) is a
  // chunk of its own fetched once the page is shown, not counted here.
  apiReference: { budget: publicBudget },
  account: { budget: signedInBudget },
  registration: { reads: ['/api/registration'], budget: signedInBudget },
  backofficeAccounts: {
    reads: ['/api/backoffice/accounts?limit=50&offset=0'],
    // Staff only, on desktops mostly: the signed-in frame, the kit's table (24 KiB) and forms.
    // Measured 203.5 KiB, margin 2.5.
    budget: { js: 206, css: 30 },
  },
  // As the accounts page, with the account's integration panels; the CSV import's drop zone
  // comes later, when shown.
  // Measured 204.9 KiB (with the single sign-on section's trigger), margin 3.
  backofficeAccount: { budget: { js: 208, css: 30 } },
  // Measured 178 KiB with the live inbox, margin 3.
  backoffice: { budget: { js: 181, css: 30 } },
  // Measured 164.2 KiB with presence and the reply's collision check, margin 2.8.
  backofficeItem: { budget: { js: 167, css: 30 } },
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
