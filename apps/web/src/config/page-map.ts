import { linkedPages, type Namespace } from '@portal/contract';
import type { Action, Subject } from '../lib/ability';

/**
 * The pages of the SPA, as data: the one place a page's path, guard, module, translations and
 * title are written. The router is built from it (router.tsx). What only the server and the build
 * need of a page (its first API reads, preloads, prerendered markup and size budget) is in
 * page-delivery.ts, so the app's bundle does not carry it; the web build writes both together as
 * `dist/pages.json`, which the server reads to name what a page's first render needs in the HTML,
 * the prerenderer to know its pages, and the budget check to measure each page.
 *
 * Module paths are relative to the web app (`src/…`): they are the keys of Vite's manifest.
 * It imports nothing but the contract's page patterns, so Node reads it as well as the browser.
 */

/**
 * Who may open a page: anyone (`public`), only a visitor (`visitor`: a signed-in user is sent to
 * the home page), only a signed-in user (`signedIn`: a visitor is sent to the visitor home).
 */
export type PageAccess = 'public' | 'visitor' | 'signedIn';

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
  /** The page's largest image (its LCP element), fetched at once at high priority. */
  image?: string;
}

/** What every signed-in page loads around itself: the shell and the session's code. */
export const signedInFrame = {
  modules: ['src/app/shell/shell.tsx', 'src/app/session-query.tsx'],
  /** The module that checks a page's ability (CASL), loaded with the pages that have one. */
  abilityModule: 'src/app/guards/require-ability.tsx',
} as const satisfies { modules: readonly string[]; abilityModule: string };

export const pages = [
  {
    name: 'auth',
    path: linkedPages.auth,
    access: 'visitor',
    module: 'src/features/auth/routes/auth-page.tsx',
    titleKey: 'screens.auth',
    namespaces: ['auth', 'errors'],
    // The carousel's first slide.
    image: 'src/features/auth/assets/slide-drums.svg',
  },
  {
    name: 'signIn',
    path: linkedPages.signIn,
    access: 'visitor',
    module: 'src/features/auth/routes/sign-in-page.tsx',
    titleKey: 'screens.signIn',
    namespaces: ['auth', 'errors'],
  },
  {
    name: 'alertRecipient',
    path: linkedPages.alertRecipientConfirmation,
    access: 'public',
    module: 'src/features/auth/routes/confirm-alert-recipient-page.tsx',
    titleKey: 'screens.alertRecipient',
    namespaces: ['auth', 'errors'],
  },
  {
    name: 'invitation',
    path: linkedPages.invitation,
    access: 'public',
    module: 'src/features/team/routes/invitation-page.tsx',
    titleKey: 'screens.invitation',
    namespaces: ['team', 'errors'],
  },
  {
    // Where a refused single sign-on lands: why, and the way back to the sign-in page.
    name: 'ssoFailed',
    path: linkedPages.ssoFailed,
    access: 'public',
    module: 'src/features/auth/routes/sso-failed-page.tsx',
    titleKey: 'screens.ssoFailed',
    namespaces: ['auth', 'errors'],
  },
  {
    // Where a suspended user's old session lands: it says why.
    name: 'suspended',
    path: '/suspended',
    access: 'public',
    module: 'src/features/team/routes/suspended-page.tsx',
    titleKey: 'screens.suspended',
    namespaces: ['team', 'errors'],
  },
  {
    name: 'compliancy',
    path: '/compliancy',
    access: 'public',
    module: 'src/features/consent/routes/compliancy-page.tsx',
    titleKey: 'screens.compliancy',
    namespaces: ['consent'],
  },
  {
    name: 'refill',
    path: linkedPages.refill,
    access: 'signedIn',
    module: 'src/features/refill/routes/refill-page.tsx',
    ability: { action: 'get', subject: 'refill' },
    titleKey: 'screens.refill',
    namespaces: ['refill'],
  },
  {
    // A drum's page made for a phone on site: the address its label's QR code carries.
    name: 'drum',
    path: linkedPages.drum,
    access: 'signedIn',
    module: 'src/features/refill/routes/drum-page.tsx',
    ability: { action: 'get', subject: 'refill' },
    titleKey: 'screens.drum',
    namespaces: ['refill'],
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
  },
  {
    name: 'spareparts',
    path: '/spareparts',
    access: 'signedIn',
    module: 'src/features/spareparts/routes/spare-parts-page.tsx',
    ability: { action: 'get', subject: 'spareparts' },
    titleKey: 'screens.spareparts',
    namespaces: ['spareparts'],
  },
  {
    // The customer admin's team: colleagues, invitations, the audit trail.
    name: 'team',
    path: linkedPages.team,
    access: 'signedIn',
    module: 'src/features/team/routes/team-page.tsx',
    ability: { action: 'manage', subject: 'team' },
    titleKey: 'screens.team',
    namespaces: ['team', 'audit'],
  },
  {
    // The account admin's machines: API keys, LoRaWAN sensors, webhooks, how to connect.
    name: 'integration',
    path: '/integration',
    access: 'signedIn',
    module: 'src/features/integration/routes/integration-page.tsx',
    ability: { action: 'manage', subject: 'integration' },
    titleKey: 'screens.integration',
    namespaces: ['integration'],
  },
  {
    // The browsable reference of /api/v1. Open to anyone, signed in or not: it shows only the
    // machines' OpenAPI document, which the server hands to anyone, and an integrator who
    // holds a key often has no portal account. Where the server turns it off, it answers 404.
    name: 'apiReference',
    path: linkedPages.apiReference,
    access: 'public',
    module: 'src/features/integration/routes/api-reference-page.tsx',
    titleKey: 'screens.apiReference',
    namespaces: ['integration'],
  },
  {
    // The signed-in user's sessions and personal data.
    name: 'account',
    path: '/account',
    access: 'signedIn',
    module: 'src/features/team/routes/account-page.tsx',
    titleKey: 'screens.account',
    namespaces: ['team'],
  },
  {
    // Where a signed-in user of no account (or awaiting their admin's approval) lands.
    name: 'registration',
    path: '/registration',
    access: 'signedIn',
    module: 'src/features/registration/routes/registration-page.tsx',
    titleKey: 'screens.registration',
    namespaces: ['registration', 'errors'],
  },
  {
    // The provider's customer accounts: list, search, create, every audit trail (staff only).
    name: 'backofficeAccounts',
    path: '/backoffice/accounts',
    access: 'signedIn',
    module: 'src/features/backoffice-accounts/routes/accounts-page.tsx',
    ability: { action: 'get', subject: 'backoffice' },
    titleKey: 'screens.backofficeAccounts',
    namespaces: ['accounts', 'errors', 'audit'],
  },
  {
    // One account: details, sites, drums, equipment, users, integration, CSV import, audit
    // (staff only).
    name: 'backofficeAccount',
    path: '/backoffice/accounts/:id',
    access: 'signedIn',
    module: 'src/features/backoffice-accounts/routes/account-page.tsx',
    ability: { action: 'get', subject: 'backoffice' },
    titleKey: 'screens.backofficeAccount',
    namespaces: ['accounts', 'errors', 'integration', 'audit'],
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
  },
] as const satisfies readonly Page[];

export type PageName = (typeof pages)[number]['name'];

/**
 * The home of most users: the page the server prepares for a signed-in visit of `/`. Where each
 * user lands is the landing rule's (app/landing.ts).
 */
export const homePage: PageName = 'refill';
/** Where a visitor starts (the signed-in pages send them there). */
export const visitorHomePage: PageName = 'auth';

/** A frame's module: what the router must have a loader for besides the pages. */
export type FrameModule =
  (typeof signedInFrame.modules)[number] | typeof signedInFrame.abilityModule;

/**
 * The modules a page's first render fetches beyond the entry: its own, and around a signed-in
 * page the frame's (with the ability check when the page has one). The router preloads them, the
 * server names them in the page's first answer, and the page's budget counts them.
 */
export function firstRenderModules(page: Page): string[] {
  if (page.access !== 'signedIn') return [page.module];
  return [
    ...signedInFrame.modules,
    ...(page.ability ? [signedInFrame.abilityModule] : []),
    page.module,
  ];
}
