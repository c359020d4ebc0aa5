import { linkedPages, pageLink } from '@portal/contract';
import { pages, type PageName } from './page-map';

type PathOf<N extends PageName> = Extract<(typeof pages)[number], { name: N }>['path'];

function pathOf<N extends PageName>(name: N): PathOf<N> {
  const page = pages.find((candidate) => candidate.name === name);
  if (!page) throw new Error(`No page is named ${name}.`);
  return page.path as PathOf<N>;
}

/** Every URL of the SPA, in one place, from the page map. Route modules and links read them here. */
export const paths = {
  root: '/',
  auth: pathOf('auth'),
  signIn: {
    pattern: pathOf('signIn'),
    build: (hash: string) => pageLink(linkedPages.signIn, hash),
  },
  /** The one-time link of the mail an outside alert recipient gets to confirm. */
  alertRecipientConfirmation: {
    pattern: pathOf('alertRecipient'),
    build: (token: string) => pageLink(linkedPages.alertRecipientConfirmation, token),
  },
  /** The one-time link of an invitation to join an account. */
  invitation: {
    pattern: pathOf('invitation'),
    build: (token: string) => pageLink(linkedPages.invitation, token),
  },
  /** Where a refused single sign-on lands. */
  ssoFailed: pathOf('ssoFailed'),
  /** Where a suspended user's old session lands: it says why. */
  suspended: pathOf('suspended'),
  compliancy: pathOf('compliancy'),
  notAuthorized: '/notauthorized',
  refill: pathOf('refill'),
  calculator: pathOf('calculator'),
  /** A drum's page for a phone, by the public code its label carries. */
  drum: {
    pattern: pathOf('drum'),
    build: (code: string) => pageLink(linkedPages.drum, code),
  },
  spareParts: pathOf('spareparts'),
  /** The customer admin's team: colleagues, invitations, the audit trail. */
  team: pathOf('team'),
  /** The account admin's machines: API keys, LoRaWAN sensors, how to connect. */
  integration: pathOf('integration'),
  /** The browsable reference of /api/v1, where the server serves it. */
  apiReference: pathOf('apiReference'),
  /** The signed-in user's sessions and personal data. */
  account: pathOf('account'),
  /** Where a user of no account asks to be let in, then waits. */
  registration: pathOf('registration'),
  /** The provider's customer accounts (staff). */
  backofficeAccounts: pathOf('backofficeAccounts'),
  backofficeAccount: {
    pattern: pathOf('backofficeAccount'),
    build: (id: string) => `/backoffice/accounts/${encodeURIComponent(id)}`,
  },
  /** The provider's inbox, and one of its items. */
  backoffice: pathOf('backoffice'),
  backofficeItem: {
    pattern: pathOf('backofficeItem'),
    build: (id: string) => pageLink(linkedPages.backofficeItem, id),
  },
} as const;

/**
 * The provider's legal notice, opened in a new tab from the footer. Set to the provider's real
 * pages at deployment.
 */
export const legalNoticeUrls = {
  fr: 'https://www.cable-provider.example/fr/mentions-legales',
  en: 'https://www.cable-provider.example/en/legal-notice',
} as const;

/**
 * The search parameter naming drums a new refill request starts with (the request tab opens on
 * a form with them chosen): how another screen, the calculator, starts a request.
 */
export const REFILL_DRUM_PARAM = 'refill';

/** The request form with these drums chosen: "order again", or a start from another screen. */
export function newRequestUrl(drumIds: readonly string[]): string {
  const params = new URLSearchParams({ tab: 'request' });
  for (const id of drumIds) params.append(REFILL_DRUM_PARAM, id);
  return `${paths.refill}?${params}`;
}
