import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { SecretKeys, Settings } from '../../../config/env';
import { isLoopback } from '../../../config/env';
import type { Database, Transaction } from '../../../db/client';
import { accountSsoProviders, accounts, users } from '../../../db/schema';
import { sideOf, type SsoFailureReason } from '@portal/contract';
import { openSecret } from '../sealed-secret';

/**
 * A refused single sign-on: why (the failure page says it, as `errors:sso.<reason>`), and what
 * went wrong underneath, for the log. Not an API error: the browser is sent to the failure page.
 */
export class SsoRefusal extends Error {
  override name = 'SsoRefusal';
  constructor(
    readonly reason: SsoFailureReason,
    cause?: unknown,
  ) {
    super(`sso.${reason}`, cause === undefined ? undefined : { cause });
  }
}

export const ssoRefusal = (reason: SsoFailureReason, cause?: unknown) =>
  new SsoRefusal(reason, cause);

/** The key of the provider's own identity provider, through which staff sign in. */
export const STAFF_PROVIDER_KEY = 'staff';

/** An OpenID Connect provider the portal is a client of: the staff's, or a customer account's. */
export interface IdentityProvider {
  /** `staff`, or the account's id. */
  key: string;
  /** Shown on the sign-in button and in the list of sessions. */
  name: string;
  issuer: string;
  clientId: string;
  /** As stored: an account's is sealed (opened only to talk to the provider), the staff's is not. */
  clientSecret: string | undefined;
  /** The account a person signing in here belongs to; null for staff. */
  accountId: string | null;
}

/** How an address signs in when single sign-on serves its domain. */
export interface SsoRoute {
  provider: IdentityProvider;
  /** No mailed link for this address. */
  required: boolean;
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export function staffProviderOf(
  settings: Pick<Settings, 'staffSso'>,
): IdentityProvider | undefined {
  const sso = settings.staffSso;
  if (!sso) return undefined;
  return {
    key: STAFF_PROVIDER_KEY,
    name: sso.name,
    issuer: sso.issuer,
    clientId: sso.clientId,
    clientSecret: sso.clientSecret,
    accountId: null,
  };
}

/**
 * The account's identity provider, for the domains of it that are still verified: a domain the
 * provider no longer vouches for is served by nothing.
 */
async function accountProviders(db: Database | Transaction, where: SQL) {
  return db
    .select({
      accountId: accountSsoProviders.accountId,
      accountName: accounts.name,
      issuer: accountSsoProviders.issuer,
      clientId: accountSsoProviders.clientId,
      clientSecret: accountSsoProviders.clientSecret,
      domains: accountSsoProviders.domains,
      verifiedDomains: accounts.verifiedDomains,
      requireSso: accountSsoProviders.requireSso,
    })
    .from(accountSsoProviders)
    .innerJoin(accounts, eq(accounts.id, accountSsoProviders.accountId))
    .where(and(where, isNull(accounts.suspendedAt)));
}

const toProvider = (row: {
  accountId: string;
  accountName: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}): IdentityProvider => ({
  key: row.accountId,
  name: row.accountName,
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecret: row.clientSecret ?? undefined,
  accountId: row.accountId,
});

/** Which identity provider serves an address, if any: the staff's domains first. */
export async function ssoRouteFor(
  db: Database | Transaction,
  settings: Pick<Settings, 'staffSso'>,
  email: string,
): Promise<SsoRoute | undefined> {
  const domain = domainOf(email);
  const staff = staffProviderOf(settings);
  if (staff && settings.staffSso?.domains.includes(domain)) {
    return { provider: staff, required: true };
  }
  const [row] = await accountProviders(
    db,
    sql`${accountSsoProviders.domains} @> ${JSON.stringify([domain])}::jsonb
      and ${accounts.verifiedDomains} @> ${JSON.stringify([domain])}::jsonb`,
  );
  return row ? { provider: toProvider(row), required: row.requireSso } : undefined;
}

/** The identity provider of a key (`staff` or an account's id); the account's served domains. */
export async function providerByKey(
  db: Database | Transaction,
  settings: Pick<Settings, 'staffSso'>,
  key: string,
): Promise<(IdentityProvider & { domains: string[] }) | undefined> {
  if (key === STAFF_PROVIDER_KEY) {
    const staff = staffProviderOf(settings);
    return staff && { ...staff, domains: settings.staffSso?.domains ?? [] };
  }
  if (!/^[0-9a-f-]{36}$/.test(key)) return undefined;
  const [row] = await accountProviders(db, eq(accountSsoProviders.accountId, key));
  if (!row) return undefined;
  return {
    ...toProvider(row),
    domains: row.domains.filter((domain) => row.verifiedDomains.includes(domain)),
  };
}

/** How long an identity provider's discovered metadata is kept before it is asked again. */
const METADATA_TTL_MS = 10 * 60_000;
/** How long the portal waits for an identity provider's answer, in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 5;

/**
 * The client configuration of each identity provider (its discovered metadata and keys), kept a
 * few minutes. An issuer over http is only accepted on this machine (the tests' provider).
 */
export class IdentityProviderClients {
  readonly #entries = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

  /** `keys` open the client secrets stored sealed. */
  constructor(readonly keys: SecretKeys) {}

  /**
   * `fresh` asks the provider again whatever is kept: a sign-in starts only at a provider that
   * answers now, so a provider that is down is said so here, not by the browser's error page.
   */
  async configurationOf(
    provider: IdentityProvider,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<oidc.Configuration> {
    const cacheKey = JSON.stringify([
      provider.issuer,
      provider.clientId,
      provider.clientSecret ?? '',
    ]);
    const cached = this.#entries.get(cacheKey);
    if (cached && !fresh && Date.now() - cached.at < METADATA_TTL_MS) return cached.config;
    let secret: string | undefined;
    try {
      secret = provider.clientSecret && openSecret(this.keys, provider.clientSecret, provider.key);
    } catch (error) {
      // Sealed under a key this server no longer holds: nothing can talk to that provider.
      throw ssoRefusal('provider_unavailable', error);
    }
    const issuer = new URL(provider.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
    const config = oidc
      .discovery(
        issuer,
        provider.clientId,
        undefined,
        secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((configuration) => {
        configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
        return configuration;
      });
    this.#entries.set(cacheKey, { config, at: Date.now() });
    try {
      return await config;
    } catch (error) {
      this.#entries.delete(cacheKey);
      throw ssoRefusal('provider_unavailable', error);
    }
  }
}

/**
 * Whether an address may not be mailed a sign-in link: it is of a domain whose single sign-on
 * is required (the staff's, or an account's that requires it), or it is a staff member's while
 * staff sign in through single sign-on.
 */
export async function mustSignInWithSso(
  db: Database | Transaction,
  settings: Pick<Settings, 'staffSso'>,
  email: string,
): Promise<boolean> {
  const route = await ssoRouteFor(db, settings, email);
  if (route?.required) return true;
  if (!settings.staffSso) return false;
  const [known] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return known !== undefined && sideOf(known.role) === 'staff';
}
