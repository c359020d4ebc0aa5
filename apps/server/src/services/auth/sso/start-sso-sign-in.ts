import { lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Database } from '../../../db/client';
import { ssoSignIns } from '../../../db/schema';
import { addSeconds } from '../../clock';
import { hashToken } from '../tokens';
import type { IdentityProvider, IdentityProviderClients } from './identity-providers';

/** How long the identity provider may take to send the browser back. */
export const SSO_SIGN_IN_TTL_SECONDS = 10 * 60;

/**
 * What the portal asks of the identity provider: who the person is (`openid`), their address
 * (`email`), their name and groups (`profile`), and a refresh token to ask again later whether
 * they still have access (`offline_access`).
 */
const SCOPES = 'openid email profile offline_access';

export interface SsoStart {
  /** Where the browser goes: the identity provider's authorization endpoint. */
  authorizationUrl: URL;
  /** Binds the sign-in to this browser: kept in a short-lived cookie, compared on return. */
  state: string;
}

/**
 * Starts an authorization code flow with PKCE: a random state, nonce and code verifier; the
 * verifier and nonce stay here (the state only as its hash), for one return within 10 minutes.
 */
export async function startSsoSignIn(
  db: Database,
  clients: IdentityProviderClients,
  {
    provider,
    redirectUri,
    loginHint,
    returnTo,
    reauthenticate = false,
    now,
  }: {
    provider: IdentityProvider;
    redirectUri: string;
    loginHint?: string;
    /** The portal's page to go back to once signed in (a path); the root when none. */
    returnTo?: string;
    /**
     * The person is signed in here already and proves it again (a step-up): the provider is asked
     * to sign them in anew, not to answer from a session it still holds.
     */
    reauthenticate?: boolean;
    now: Date;
  },
): Promise<SsoStart> {
  const config = await clients.configurationOf(provider, { fresh: true });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  // Sign-ins never finished are forgotten as new ones start.
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, now));
  await db.insert(ssoSignIns).values({
    stateHash: hashToken(state),
    providerKey: provider.key,
    codeVerifier,
    nonce,
    returnTo: returnTo ?? null,
    createdAt: now,
    expiresAt: addSeconds(now, SSO_SIGN_IN_TTL_SECONDS),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
    ...(reauthenticate ? { prompt: 'login' } : {}),
  });
  return { authorizationUrl, state };
}
