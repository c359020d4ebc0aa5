/** Every URL of the SPA, in one place (spec §2). Route modules and links read them from here. */
export const paths = {
  root: '/',
  auth: '/auth',
  signIn: {
    pattern: '/signin/:hash',
    build: (hash: string) => `/signin/${encodeURIComponent(hash)}`,
  },
  /** The one-time link of the mail an outside alert recipient gets to confirm. */
  alertRecipientConfirmation: {
    pattern: '/alerts/confirm/:token',
    build: (token: string) => `/alerts/confirm/${encodeURIComponent(token)}`,
  },
  /** The one-time link of an invitation to join an account. */
  invitation: {
    pattern: '/invitation/:token',
    build: (token: string) => `/invitation/${encodeURIComponent(token)}`,
  },
  /** Where a suspended user's old session lands: it says why. */
  suspended: '/suspended',
  compliancy: '/compliancy',
  notAuthorized: '/notauthorized',
  refill: '/refill',
  calculator: '/refill/calculator',
  /** The spec's second reading: a `calculator` child of the shell, redirected to the one above. */
  calculatorAlias: '/calculator',
  spareParts: '/spareparts',
  /** The customer admin's team: colleagues, invitations, the audit trail. */
  team: '/team',
  /** The signed-in user's sessions and personal data. */
  account: '/account',
} as const;

/** The provider's legal notice, opened in a new tab from the footer (spec §1). Set to the provider's real pages at deployment. */
export const legalNoticeUrls = {
  fr: 'https://www.cable-provider.example/fr/mentions-legales',
  en: 'https://www.cable-provider.example/en/legal-notice',
} as const;
