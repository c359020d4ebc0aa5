import { linkedPages, type Namespace } from '@portal/contract';
import type { Action, Subject } from '../lib/ability';

/**
 * The pages of the SPA, as data: the one place a page's path, guard, module, translations, first
 * API reads and size budget are written. The router is built from it (router.tsx); the web build
 * writes it as `dist/pages.json`, which the server reads to name what a page's first render needs
 * in the HTML, the prerenderer to know its pages, and the budget check to measure each page.
 *
 * Module paths are relative to the web app (`src/…`): they are the keys of Vite's manifest.
 * It imports nothing but the contract's page patterns, so Node reads it as well as the browser.
 */

/**
 * Who may open a page: anyone (`public`), only a visitor (`visitor`: a signed-in user is sent to
 * the home page), only a signed-in user (`signedIn`: a visitor is sent to the visitor home).
 */
export type PageAccess = 'public' | 'visitor' | 'signedIn';

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

export interface Page {
  /** Unique: names the page in the budget table and in the server's cache of pages. */
  name: string;
  /** The router's pattern. */
  path: string;
  /** Other addresses of the page, redirected to `path`. */
  aliases?: readonly string[];
  access: PageAccess;
  /** The page's component, the default export of its own lazily loaded module. */
  module: string;
  /** The ability a signed-in user needs, checked before the page renders. */
  ability?: { action: Action; subject: Subject };
  /** The translation key of the document's title. */
  titleKey: string;
  /** The translation namespaces the page shows, besides `common` (and the frame's). */
  namespaces: readonly Namespace[];
  /** API reads the page starts with, fetched with the HTML. */
  reads?: readonly string[];
  /** The page's largest image (its LCP element), fetched at once at high priority. */
  image?: string;
  /**
   * Modules the page shows over itself at once, fetched with it but outside its budget (a first
   * visit's consent question over the auth page).
   */
  alsoPreloads?: readonly string[];
  alsoNamespaces?: readonly Namespace[];
  /** Markup rendered by the web build, shown before any script runs. */
  prerendered?: PrerenderedPage;
  /**
   * KiB, gzip, fetched before the first render: the entry, the frame, the page's chunks. A page
   * knowingly over it says why in `pending` (shown as over, not failing the check).
   */
  budget: { js: number; css: number; pending?: string };
}

/** What every signed-in page loads around itself: the shell and the session's code. */
export const signedInFrame = {
  modules: ['src/app/shell/shell.tsx', 'src/app/session-query.tsx'],
  /** Counted in every signed-in page's budget: the query cache comes with the session query. */
  budgetModules: ['src/lib/query-client.ts'],
  /** The module that checks a page's ability (CASL), loaded with the pages that have one. */
  abilityModule: 'src/app/guards/require-ability.tsx',
  // The shell's cart badge and footer read theirs.
  namespaces: ['spareparts', 'consent'],
  reads: ['/api/users/me'],
} as const satisfies {
  modules: readonly string[];
  budgetModules: readonly string[];
  abilityModule: string;
  namespaces: readonly Namespace[];
  reads: readonly string[];
};

// The entry (React, the router, i18next, the session check) is most of a public page: 106 KiB of
// its 112. The team page carries the kit's table, selects and dialogs on top of the frame.
const publicBudget = { js: 112, css: 15 };
const signedInBudget = { js: 170, css: 30 };

export const pages = [
  {
    name: 'auth',
    path: '/auth',
    access: 'visitor',
    module: 'src/features/auth/routes/auth-page.tsx',
    titleKey: 'screens.auth',
    namespaces: ['auth', 'errors'],
    // The carousel's first slide.
    image: 'src/features/auth/assets/slide-drums.svg',
    alsoPreloads: ['src/features/consent/components/consent-dialog.tsx'],
    alsoNamespaces: ['consent'],
    prerendered: {
      name: 'auth',
      isPerEnvironment: false,
      styledBy: ['src/features/auth/routes/auth-page.tsx'],
      isWhole: true,
    },
    budget: publicBudget,
  },
  {
    name: 'signIn',
    path: linkedPages.signIn,
    access: 'visitor',
    module: 'src/features/auth/routes/sign-in-page.tsx',
    titleKey: 'screens.signIn',
    namespaces: ['auth', 'errors'],
    budget: publicBudget,
  },
  {
    name: 'alertRecipient',
    path: linkedPages.alertRecipientConfirmation,
    access: 'public',
    module: 'src/features/auth/routes/confirm-alert-recipient-page.tsx',
    titleKey: 'screens.alertRecipient',
    namespaces: ['auth', 'errors'],
    budget: publicBudget,
  },
  {
    name: 'invitation',
    path: linkedPages.invitation,
    access: 'public',
    module: 'src/features/team/routes/invitation-page.tsx',
    titleKey: 'screens.invitation',
    namespaces: ['team', 'errors'],
    budget: publicBudget,
  },
  {
    // Where a suspended user's old session lands: it says why.
    name: 'suspended',
    path: '/suspended',
    access: 'public',
    module: 'src/features/team/routes/suspended-page.tsx',
    titleKey: 'screens.suspended',
    namespaces: ['team', 'errors'],
    budget: publicBudget,
  },
  {
    name: 'compliancy',
    path: '/compliancy',
    access: 'public',
    module: 'src/features/consent/routes/compliancy-page.tsx',
    titleKey: 'screens.compliancy',
    namespaces: ['consent'],
    budget: publicBudget,
  },
  {
    name: 'refill',
    path: linkedPages.refill,
    access: 'signedIn',
    module: 'src/features/refill/routes/refill-page.tsx',
    ability: { action: 'get', subject: 'refill' },
    titleKey: 'screens.refill',
    namespaces: ['refill'],
    reads: ['/api/refill/drums'],
    // The signed-in frame and the page's header: the largest paint of a phone's first screen.
    prerendered: {
      name: 'refill',
      // Its header names the environment outside production.
      isPerEnvironment: true,
      styledBy: ['src/app/shell/shell.tsx', 'src/features/refill/routes/refill-page.tsx'],
      isWhole: false,
    },
    budget: signedInBudget,
  },
  {
    name: 'calculator',
    path: '/refill/calculator',
    // A second reading of the address: a `calculator` child of the shell.
    aliases: ['/calculator'],
    access: 'signedIn',
    module: 'src/features/calculator/routes/calculator-page.tsx',
    titleKey: 'screens.calculator',
    namespaces: ['calculator'],
    budget: signedInBudget,
  },
  {
    name: 'spareparts',
    path: '/spareparts',
    access: 'signedIn',
    module: 'src/features/spareparts/routes/spare-parts-page.tsx',
    ability: { action: 'get', subject: 'spareparts' },
    titleKey: 'screens.spareparts',
    namespaces: ['spareparts'],
    budget: signedInBudget,
  },
  {
    // The customer admin's team: colleagues, invitations, the audit trail.
    name: 'team',
    path: '/team',
    access: 'signedIn',
    module: 'src/features/team/routes/team-page.tsx',
    ability: { action: 'manage', subject: 'team' },
    titleKey: 'screens.team',
    namespaces: ['team'],
    budget: { js: 190, css: 30 },
  },
  {
    // The signed-in user's sessions and personal data.
    name: 'account',
    path: '/account',
    access: 'signedIn',
    module: 'src/features/team/routes/account-page.tsx',
    titleKey: 'screens.account',
    namespaces: ['team'],
    budget: signedInBudget,
  },
  {
    // The provider's inbox: staff only, a chunk of its own that a customer never loads.
    name: 'backoffice',
    path: '/backoffice',
    access: 'signedIn',
    module: 'src/features/backoffice/routes/inbox-page.tsx',
    ability: { action: 'get', subject: 'backoffice' },
    titleKey: 'screens.backoffice',
    namespaces: ['backoffice'],
    budget: { js: 200, css: 30 },
  },
  {
    // One inbox item as staff work it; mails to staff link here.
    name: 'backofficeItem',
    path: linkedPages.backofficeItem,
    access: 'signedIn',
    module: 'src/features/backoffice/routes/item-page.tsx',
    ability: { action: 'get', subject: 'backoffice' },
    titleKey: 'screens.backofficeItem',
    namespaces: ['backoffice'],
    budget: { js: 190, css: 30 },
  },
] as const satisfies readonly Page[];

export type PageName = (typeof pages)[number]['name'];

/** Where a signed-in user starts (`/` and the visitor pages send them there). */
export const homePage: PageName = 'refill';
/** Where a visitor starts (the signed-in pages send them there). */
export const visitorHomePage: PageName = 'auth';

/** What `dist/pages.json` holds. */
export interface PageMap {
  pages: readonly Page[];
  signedInFrame: typeof signedInFrame;
  homePage: PageName;
  visitorHomePage: PageName;
}

export const pageMap: PageMap = { pages, signedInFrame, homePage, visitorHomePage };
