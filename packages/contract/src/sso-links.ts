// No zod here: the sign-in page and the failure page read these (see rules.ts).

/** The path that starts a single sign-on; `email` picks the account's provider by its domain. */
export const ssoStartPath = '/api/auth/sso/start';
/** Where the identity provider sends the browser back. */
export const ssoCallbackPath = '/api/auth/sso/callback';

/**
 * Why a single sign-on was refused; the failure page shows the sentence of its code
 * (`errors:sso.<reason>`).
 */
export const ssoFailureReasons = [
  'state_invalid',
  'token_invalid',
  'provider_unavailable',
  'provider_refused',
  'domain_mismatch',
  'email_unverified',
  'no_role',
  'invitation_only',
  'not_configured',
  'account_elsewhere',
  'suspended',
  'identity_conflict',
] as const;
export type SsoFailureReason = (typeof ssoFailureReasons)[number];
