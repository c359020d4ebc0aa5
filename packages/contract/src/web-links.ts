import type { WorkItemKind } from './workflows';

/**
 * The SPA's pages that the server links to, in mails and headers: their router patterns. The
 * SPA's page map uses the same, so a page and the links to it cannot drift apart.
 */
export const linkedPages = {
  /** Sign-up and sign-in, where someone with an address the portal knows asks for a link. */
  auth: '/auth',
  /** A sign-in link's page; the one-time token is its parameter. */
  signIn: '/signin/:hash',
  /** An outside alert recipient's confirmation page; the one-time token is its parameter. */
  alertRecipientConfirmation: '/alerts/confirm/:token',
  /** An invitation to join an account's team; the one-time token is its parameter. */
  invitation: '/invitation/:token',
  /** The drum overview, which alert mails link to. */
  refill: '/refill',
  /** The customer admin's team page, where a newcomer of the account's domain is approved. */
  team: '/team',
  /** Spare parts, where the customer's quotes are. */
  spareParts: '/spareparts',
  /** The provider's inbox, which the staff's daily digest links to. */
  backofficeInbox: '/backoffice',
  /** One item of the provider's inbox; its id is the parameter. */
  backofficeItem: '/backoffice/items/:id',
  /** A drum's page, made for a phone: the address its label's QR code carries. */
  drum: '/drums/:code',
  /** The account admin's integration page (API keys, devices, webhooks). */
  integration: '/integration',
  /** Where a refused single sign-on lands: why, in the person's language, and the way back. */
  ssoFailed: '/sso/failed',
  /** The browsable reference of /api/v1 for integrators, where the server turns it on. */
  apiReference: '/integration/reference',
} as const;

/** The pages whose address holds a one-time link's token. */
export const oneTimeLinkPages = [
  linkedPages.signIn,
  linkedPages.alertRecipientConfirmation,
  linkedPages.invitation,
];

/** The address of a linked page with its one parameter (a token) filled in. */
export function pageLink(pattern: string, parameter: string): string {
  return pattern.replace(/:[A-Za-z]+$/, encodeURIComponent(parameter));
}

/**
 * Where a customer finds one item of each kind: the page, its tab listing the kind, and the
 * search parameter naming the item whose conversation opens there. The SPA's screens read the
 * same parameters, so a mail's link opens the item itself, not its list.
 */
export const customerItemPages = {
  quote: { page: linkedPages.spareParts, tab: 'quotes', param: 'quote' },
  refill_request: { page: linkedPages.refill, tab: 'requests', param: 'request' },
  collection: { page: linkedPages.refill, tab: 'requests', param: 'collection' },
} as const satisfies Record<WorkItemKind, { page: string; tab: string; param: string }>;

/** The customer's address of one item: its page, on its tab, with the item open. */
export function customerItemLink(kind: WorkItemKind, id: string): string {
  const { page, tab, param } = customerItemPages[kind];
  return `${page}?tab=${tab}&${param}=${encodeURIComponent(id)}`;
}
