import * as oidc from 'openid-client';
import { ssoRefusal, type SsoRefusal } from './identity-providers';

/**
 * What a failed exchange with an identity provider means for the person: the provider could
 * not be reached or answered with a server error (`provider_unavailable`); it said no, the
 * person cancelled say (`provider_refused`); or its answer failed a check (a replayed or
 * foreign code, a wrong nonce or issuer, an expired or badly signed ID token: `token_invalid`).
 */
export function refusalOf(error: unknown): SsoRefusal {
  if (error instanceof oidc.AuthorizationResponseError)
    return ssoRefusal('provider_refused', error);
  if (error instanceof oidc.ResponseBodyError) {
    return error.status >= 500
      ? ssoRefusal('provider_unavailable', error)
      : ssoRefusal('token_invalid', error);
  }
  if (error instanceof oidc.ClientError) {
    return error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
      error.code === 'OAUTH_RESPONSE_IS_NOT_JSON'
      ? ssoRefusal('provider_unavailable', error)
      : ssoRefusal('token_invalid', error);
  }
  if (
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  ) {
    return ssoRefusal('provider_unavailable', error);
  }
  return ssoRefusal('token_invalid', error);
}

/** Whether an identity provider answered "no longer" (rather than not answering at all). */
export function isProviderRefusal(error: unknown): boolean {
  return (
    (error instanceof oidc.ResponseBodyError && error.status < 500) ||
    (error instanceof oidc.ClientError &&
      error.code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM' &&
      error.code !== 'OAUTH_RESPONSE_IS_NOT_JSON')
  );
}
