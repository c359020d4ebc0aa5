import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSsoProviders,
  accounts,
  auditEvents,
  invitations,
  sessions,
  ssoIdentities,
  ssoSignIns,
  users,
} from '../../db/schema';
import { resealAccountSsoSecrets } from '../../services/auth/sso/account-sso';
import { hashToken } from '../../services/auth/tokens';
import { recheckSsoSessions } from '../../services/auth/sso/recheck-sso-sessions';
import { IdentityProviderClients } from '../../services/auth/sso/identity-providers';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/identity-provider';
import { signIn } from '../../../test/reliability/fixtures';

/**
 * Single sign-on against a real OpenID provider (oidc-provider, with its own keys and people):
 * staff by their groups, customers of an account's domains just in time, and every refusal
 * (state, nonce, replayed or foreign code, issuer, domain, a claim that grants nothing, a
 * provider that is down) said on the failure page with nothing created.
 */
const time = createFakeClock(new Date());
let server: TestServer;
let idp: TestIdentityProvider;
/** A second provider with keys of its own: its codes and tokens are foreign to the portal. */
let foreign: TestIdentityProvider;
let accountId: string;

const staffClient = { clientId: 'portal-staff', clientSecret: 'staff-secret-of-the-portal' };
const acmeClient = { clientId: 'portal-acme', clientSecret: 'acme-secret-of-the-portal' };

interface Attempt {
  /** Where the portal sent the browser in the end. */
  location: string;
  /** The session cookie it set, if any. */
  cookie?: string;
}

const failure = (reason: string) => `/sso/failed?reason=${reason}`;
const setCookie = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0];

/** The browser's first step: the portal's start, which sends it to the provider. */
async function start(startPath: string) {
  const response = await server.request(startPath, { redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    stateCookie: setCookie(response, 'sso_state'),
  };
}

/** The browser's last step: back at the portal with the provider's answer. */
async function callback(url: URL, cookies: Array<string | undefined>): Promise<Attempt> {
  const response = await server.request(`${url.pathname}${url.search}`, {
    redirect: 'manual',
    headers: { cookie: cookies.filter(Boolean).join('; ') },
  });
  expect(response.status).toBe(303);
  const cookie = response.headers.getSetCookie().some((line) => /^session=[^;]/.test(line))
    ? sessionCookie(response)
    : undefined;
  return { location: response.headers.get('location') ?? '', cookie };
}

/** A whole single sign-on of `login` from `startPath`, in a browser holding `cookie`. */
async function ssoSignIn(startPath: string, login: string, cookie?: string): Promise<Attempt> {
  const started = await start(startPath);
  expect(started.status).toBe(303);
  const back = await idp.signIn(started.location, login);
  return callback(back, [started.stateCookie, cookie]);
}

const me = (cookie: string | undefined) =>
  server.request('/api/users/me', { headers: { cookie: cookie ?? '' } });
const userNamed = async (email: string) =>
  (await server.database.db.select().from(users).where(eq(users.email, email)))[0];

beforeAll(async () => {
  idp = await startTestIdentityProvider();
  foreign = await startTestIdentityProvider();
  server = await startTestServer({
    clock: time.clock,
    env: {
      STAFF_SSO_ISSUER: idp.issuer,
      STAFF_SSO_CLIENT_ID: staffClient.clientId,
      STAFF_SSO_CLIENT_SECRET: staffClient.clientSecret,
      STAFF_SSO_NAME: 'Durand ID',
      STAFF_SSO_DOMAINS: 'durand.example',
      STAFF_SSO_ROLES: 'portal-managers=manager,portal-agents=agent',
      SSO_RECHECK_MINUTES: '15',
    },
  });
  const redirectUri = `${server.url}/api/auth/sso/callback`;
  idp.addClient({ ...staffClient, redirectUri });
  idp.addClient({ ...acmeClient, redirectUri });
  foreign.addClient({ ...staffClient, redirectUri });
  idp.people.set('marie', {
    email: 'marie@durand.example',
    groups: ['portal-managers'],
    name: ['Marie', 'Durand'],
  });
  idp.people.set('paul', { email: 'paul@durand.example', groups: ['portal-agents'] });
  idp.people.set('lea', { email: 'lea@durand.example', groups: ['marketing'] });
  idp.people.set('unverified', { email: 'zoe@durand.example', emailVerified: false });
  idp.people.set('outsider', { email: 'someone@elsewhere.example', groups: ['portal-agents'] });
  idp.people.set('ana', { email: 'ana@acme.example' });
  idp.people.set('bob', { email: 'bob@acme.example' });
  foreign.people.set('marie', { email: 'marie@durand.example', groups: ['portal-managers'] });
  const [account] = await server.database.db
    .insert(accounts)
    .values({ name: 'Acme Cables', verifiedDomains: ['acme.example'] })
    .returning();
  accountId = account!.id;
});
afterAll(async () => {
  await server.close();
  await idp.close();
  await foreign.close();
});

describe('staff single sign-on', () => {
  it('sends a staff address to single sign-on and mails it no link', async () => {
    const discovery = await server.request('/api/auth/sso/discover', {
      json: { email: 'Marie@Durand.example' },
    });
    expect(await discovery.json()).toEqual({
      method: 'sso',
      provider: 'Durand ID',
      startPath: '/api/auth/sso/start?staff=1',
      required: true,
    });
    const signUp = await server.request('/api/users/signup', {
      json: { email: 'marie@durand.example' },
    });
    expect(signUp.status).toBe(403);
    expect(await signUp.json()).toEqual({ message: 'auth.sso_required' });
    expect(await server.linksFor('marie@durand.example')).toEqual([]);
    const customer = await server.request('/api/auth/sso/discover', {
      json: { email: 'someone@example.com' },
    });
    expect(await customer.json()).toEqual({ method: 'link' });
  });

  it('signs a manager in by their group, with a session that says single sign-on', async () => {
    const { location, cookie } = await ssoSignIn('/api/auth/sso/start?staff=1', 'marie');
    expect(location).toBe('/');
    const profile = (await (await me(cookie)).json()) as { email: string; role: string };
    expect(profile).toMatchObject({
      email: 'marie@durand.example',
      role: 'manager',
      firstName: 'Marie',
      lastName: 'Durand',
    });
    const user = await userNamed('marie@durand.example');
    const [session] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    expect(session).toMatchObject({ signInMethod: 'sso', signInProvider: 'Durand ID' });
  });

  it('starts with PKCE, a state and a nonce, the state kept only as its hash', async () => {
    const started = await start('/api/auth/sso/start?staff=1');
    const url = new URL(started.location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const state = url.searchParams.get('state') ?? '';
    expect(started.stateCookie).toBe(`sso_state=${state}`);
    const stored = await server.database.db.select().from(ssoSignIns);
    expect(stored.some((row) => row.stateHash === state)).toBe(false);
  });

  it('refuses a person whose groups grant no role, and creates no one', async () => {
    const { location, cookie } = await ssoSignIn('/api/auth/sso/start?staff=1', 'lea');
    expect(location).toBe(failure('no_role'));
    expect(cookie).toBeUndefined();
    expect(await userNamed('lea@durand.example')).toBeUndefined();
  });

  it('refuses an address the provider did not verify, or of another domain', async () => {
    expect((await ssoSignIn('/api/auth/sso/start?staff=1', 'unverified')).location).toBe(
      failure('email_unverified'),
    );
    expect((await ssoSignIn('/api/auth/sso/start?staff=1', 'outsider')).location).toBe(
      failure('domain_mismatch'),
    );
    expect(await userNamed('someone@elsewhere.example')).toBeUndefined();
  });

  it('refuses a wrong state, a spent state and a replayed code', async () => {
    const started = await start('/api/auth/sso/start?staff=1');
    const back = await idp.signIn(started.location, 'paul');
    // Another browser's state cookie (login CSRF): refused.
    expect((await callback(back, ['sso_state=someone-elses'])).location).toBe(
      failure('state_invalid'),
    );
    // The same answer again, even with the right cookie: its state was spent.
    expect((await callback(back, [started.stateCookie])).location).toBe(failure('state_invalid'));
    // Its code under a new, valid state: the provider refuses a code it already gave out.
    const second = await start('/api/auth/sso/start?staff=1');
    const secondState = new URL(second.location).searchParams.get('state') ?? '';
    const replay = new URL(back);
    replay.searchParams.set('state', secondState);
    expect((await callback(replay, [second.stateCookie])).location).toBe(failure('token_invalid'));
    expect(await userNamed('paul@durand.example')).toBeUndefined();
  });

  it('refuses a wrong nonce, an unknown issuer and a code of another provider', async () => {
    const started = await start('/api/auth/sso/start?staff=1');
    const back = await idp.signIn(started.location, 'paul');
    await server.database.db.update(ssoSignIns).set({ nonce: 'not-the-one-sent' });
    expect((await callback(back, [started.stateCookie])).location).toBe(failure('token_invalid'));

    const issuer = await start('/api/auth/sso/start?staff=1');
    const fromIdp = await idp.signIn(issuer.location, 'paul');
    fromIdp.searchParams.set('iss', 'https://unknown-issuer.example');
    expect((await callback(fromIdp, [issuer.stateCookie])).location).toBe(failure('token_invalid'));

    // The same request taken to another provider: its answer, code and tokens are not ours.
    const other = await start('/api/auth/sso/start?staff=1');
    const elsewhere = new URL(other.location);
    const atForeign = new URL(`${foreign.issuer}${elsewhere.pathname}${elsewhere.search}`);
    const fromForeign = await foreign.signIn(atForeign.toString(), 'marie');
    fromForeign.searchParams.delete('iss');
    expect((await callback(fromForeign, [other.stateCookie])).location).toBe(
      failure('token_invalid'),
    );
    expect(await userNamed('paul@durand.example')).toBeUndefined();
  });

  it('says a provider that is down is down, with nothing started', async () => {
    await idp.down();
    try {
      const started = await start('/api/auth/sso/start?staff=1');
      expect(started.status).toBe(303);
      expect(started.location).toBe(failure('provider_unavailable'));
    } finally {
      await idp.up();
    }
  });

  it('steps up the session of the same person instead of opening a second one', async () => {
    const first = await ssoSignIn('/api/auth/sso/start?staff=1', 'paul');
    const user = await userNamed('paul@durand.example');
    const before = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    time.advance(600);
    const again = await ssoSignIn('/api/auth/sso/start?staff=1', 'paul', first.cookie);
    expect(again.location).toBe('/');
    // A new token for the same session: the one it had signs nothing in any more.
    expect(again.cookie).toBeDefined();
    expect(again.cookie).not.toBe(first.cookie);
    expect((await me(first.cookie)).status).toBe(401);
    const after = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user!.id));
    expect(after).toHaveLength(before.length);
    expect(after[0]!.authenticatedAt.getTime()).toBe(
      before[0]!.authenticatedAt.getTime() + 600_000,
    );
    expect((await me(again.cookie)).status).toBe(200);
  });

  it('ends the sessions of a person removed at the provider, or left with no role, at the re-check', async () => {
    const kept = await ssoSignIn('/api/auth/sso/start?staff=1', 'marie');
    const demoted = await ssoSignIn('/api/auth/sso/start?staff=1', 'paul');
    idp.people.set('tom', { email: 'tom@durand.example', groups: ['portal-agents'] });
    const removed = await ssoSignIn('/api/auth/sso/start?staff=1', 'tom');
    idp.people.delete('tom');
    idp.people.set('paul', { email: 'paul@durand.example', groups: ['marketing'] });
    const recheck = () =>
      recheckSsoSessions(
        server.database.db,
        {
          settings: server.settings,
          clients: new IdentityProviderClients(server.settings.secretKeys),
        },
        time.clock(),
      );
    // Not due yet: nothing is asked, every session lives.
    expect((await recheck()).checked).toBe(0);
    time.advance(15 * 60 + 1);
    const report = await recheck();
    expect(report.ended).toBeGreaterThanOrEqual(2);
    expect((await me(kept.cookie)).status).toBe(200);
    expect((await me(demoted.cookie)).status).toBe(401);
    expect((await me(removed.cookie)).status).toBe(401);
    // And the removed person cannot come back: the provider no longer signs them in.
    await expect(ssoSignIn('/api/auth/sso/start?staff=1', 'tom')).rejects.toThrow();
  });
});

describe("a customer account's single sign-on", () => {
  let manager: string;
  const settings = {
    issuer: '',
    clientId: acmeClient.clientId,
    clientSecret: acmeClient.clientSecret,
    domains: ['acme.example'],
    defaultRole: 'buyer',
    invitationOnly: false,
    requireSso: true,
  };
  const put = (cookie: string, body: unknown) =>
    server.request(`/api/backoffice/accounts/${accountId}/sso`, {
      method: 'PUT',
      json: body,
      headers: { cookie },
    });

  beforeAll(async () => {
    settings.issuer = idp.issuer;
    manager = (await ssoSignIn('/api/auth/sso/start?staff=1', 'marie')).cookie ?? '';
  });

  it('is set by a manager only, for verified domains only, and never shows its secret', async () => {
    expect((await put('', settings)).status).toBe(401);
    idp.people.set('paul', { email: 'paul@durand.example', groups: ['portal-agents'] });
    const agent = (await ssoSignIn('/api/auth/sso/start?staff=1', 'paul')).cookie ?? '';
    const read = await server.request(`/api/backoffice/accounts/${accountId}/sso`, {
      headers: { cookie: agent },
    });
    expect(read.status).toBe(200);
    expect((await put(agent, settings)).status).toBe(403);
    const customer = await signIn(server, 'admin@customer.example');
    await server.database.db
      .update(users)
      .set({ accountId, role: 'admin' })
      .where(eq(users.email, 'admin@customer.example'));
    expect((await put(customer, settings)).status).toBe(403);

    const unverified = await put(manager, {
      ...settings,
      domains: ['acme.example', 'evil.example'],
    });
    expect(unverified.status).toBe(400);
    expect(await unverified.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'domains.1', errorCode: 'sso.domain_unverified' }],
    });

    // A link mailed before single sign-on was required no longer signs in once it is.
    expect(
      (await server.request('/api/users/signup', { json: { email: 'carl@acme.example' } })).status,
    ).toBe(202);
    const [earlierLink] = await server.linksFor('carl@acme.example');

    // A sign-in more than ten minutes old is asked to prove it again first, and changes nothing.
    time.advance(11 * 60);
    const stale = await put(manager, settings);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ message: 'auth.step_up_required' });
    expect(
      await (
        await server.request(`/api/backoffice/accounts/${accountId}/sso`, {
          headers: { cookie: manager },
        })
      ).json(),
    ).toMatchObject({ configured: false });
    manager = (await ssoSignIn('/api/auth/sso/start?staff=1', 'marie', manager)).cookie ?? manager;

    const saved = await put(manager, settings);
    expect(saved.status).toBe(200);
    // Stored sealed: the database holds no copy of the secret a reader could use.
    const [stored] = await server.database.db.select().from(accountSsoProviders);
    expect(stored?.clientSecret).toMatch(/^sealed\.v1\./);
    expect(stored?.clientSecret).not.toContain(acmeClient.clientSecret);
    const redeemed = await server.request('/api/users/signin', {
      json: { hash: tokenOf(earlierLink ?? '') },
    });
    expect(redeemed.status).toBe(403);
    expect(await redeemed.json()).toEqual({ message: 'auth.sso_required' });
    const body = await saved.text();
    expect(body).not.toContain(acmeClient.clientSecret);
    expect(JSON.parse(body)).toMatchObject({ configured: true, hasClientSecret: true });
    const [audit] = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'account.sso_updated')),
      );
    expect(audit?.after).toMatchObject({ domains: ['acme.example'], clientSecretChanged: true });
    expect(JSON.stringify(audit)).not.toContain(acmeClient.clientSecret);
  });

  it('sends the domain to its provider, mails no link when required, and creates a newcomer with the default role', async () => {
    const discovery = await server.request('/api/auth/sso/discover', {
      json: { email: 'ana@acme.example' },
    });
    expect(await discovery.json()).toEqual({
      method: 'sso',
      provider: 'Acme Cables',
      startPath: '/api/auth/sso/start?email=ana%40acme.example',
      required: true,
    });
    const signUp = await server.request('/api/users/signup', {
      json: { email: 'ana@acme.example' },
    });
    expect(signUp.status).toBe(403);

    const { location, cookie } = await ssoSignIn(
      '/api/auth/sso/start?email=ana%40acme.example',
      'ana',
    );
    expect(location).toBe('/');
    expect(await (await me(cookie)).json()).toMatchObject({
      email: 'ana@acme.example',
      role: 'buyer',
    });
    const ana = await userNamed('ana@acme.example');
    expect(ana).toMatchObject({ accountId, role: 'buyer' });
    const joined = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'member.joined')));
    expect(joined.map((row) => row.targetLabel)).toContain('ana@acme.example');
  });

  it('refuses a newcomer when the account is by invitation only, and creates no one', async () => {
    expect(
      (await put(manager, { ...settings, clientSecret: '', invitationOnly: true })).status,
    ).toBe(200);
    const { location } = await ssoSignIn('/api/auth/sso/start?email=bob%40acme.example', 'bob');
    expect(location).toBe(failure('invitation_only'));
    expect(await userNamed('bob@acme.example')).toBeUndefined();
    // The secret was kept: a member still signs in.
    expect((await ssoSignIn('/api/auth/sso/start?email=ana%40acme.example', 'ana')).location).toBe(
      '/',
    );
  });

  it('refuses an address of a domain the account does not serve', async () => {
    const { location } = await ssoSignIn(
      '/api/auth/sso/start?email=ana%40acme.example',
      'outsider',
    );
    expect(location).toBe(failure('domain_mismatch'));
    expect(await userNamed('someone@elsewhere.example')).toBeUndefined();
  });

  it('finds a linked person by their subject, whatever address the provider gives now', async () => {
    idp.people.set('ana', { email: 'ana.renamed@acme.example' });
    const renamed = await ssoSignIn('/api/auth/sso/start?email=ana%40acme.example', 'ana');
    expect(renamed.location).toBe('/');
    expect(await (await me(renamed.cookie)).json()).toMatchObject({ email: 'ana@acme.example' });
    expect(await userNamed('ana.renamed@acme.example')).toBeUndefined();
    idp.people.set('ana', { email: 'ana@acme.example' });

    // Another subject that now carries Ana's address, verified or not, does not become her.
    idp.people.set('mallory', { email: 'ana@acme.example' });
    const takeover = await ssoSignIn('/api/auth/sso/start?email=ana%40acme.example', 'mallory');
    expect(takeover).toEqual({ location: failure('identity_conflict'), cookie: undefined });
    const links = await server.database.db
      .select({ subject: ssoIdentities.subject })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(eq(users.email, 'ana@acme.example'));
    expect(links).toEqual([{ subject: 'ana' }]);
  });

  it('links a first sign-in to a member by address only when the provider verified it', async () => {
    await server.database.db
      .insert(users)
      .values({ email: 'dan@acme.example', accountId, role: 'viewer' });
    idp.people.set('dan', { email: 'dan@acme.example', emailVerified: null });
    const unverified = await ssoSignIn('/api/auth/sso/start?email=dan%40acme.example', 'dan');
    expect(unverified).toEqual({ location: failure('email_unverified'), cookie: undefined });
    expect(
      await server.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'dan')),
    ).toEqual([]);

    idp.people.set('dan', { email: 'dan@acme.example', emailVerified: true });
    const verified = await ssoSignIn('/api/auth/sso/start?email=dan%40acme.example', 'dan');
    expect(verified.location).toBe('/');
    const dan = await userNamed('dan@acme.example');
    const [link] = await server.database.db
      .select()
      .from(ssoIdentities)
      .where(eq(ssoIdentities.subject, 'dan'));
    expect(link).toMatchObject({ issuer: idp.issuer, userId: dan!.id });
  });

  it('takes an invitee of a domain that requires single sign-on through it, not through the link', async () => {
    const token = 'an-invitation-token-of-eve-'.padEnd(43, '0');
    await server.database.db.insert(invitations).values({
      accountId,
      email: 'eve@acme.example',
      role: 'admin',
      locale: 'en',
      tokenHash: hashToken(token),
      sentAt: time.clock(),
      expiresAt: new Date(time.clock().getTime() + 86_400_000),
    });
    const accepted = await server.request('/api/invitations/accept', { json: { token } });
    expect(accepted.status).toBe(403);
    expect(await accepted.json()).toEqual({ message: 'auth.sso_required' });
    expect(setCookie(accepted, 'session')).toBeUndefined();
    expect(await userNamed('eve@acme.example')).toBeUndefined();

    // The account is by invitation only: the open invitation is what lets Eve in, as invited.
    idp.people.set('eve', { email: 'eve@acme.example' });
    const { location, cookie } = await ssoSignIn(
      '/api/auth/sso/start?email=eve%40acme.example',
      'eve',
    );
    expect(location).toBe('/');
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'admin' });
    const [invitation] = await server.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'eve@acme.example'));
    expect(invitation?.acceptedAt).not.toBeNull();
  });

  it('brings the browser back to the page it started from, never to another site', async () => {
    const back = await ssoSignIn(
      `/api/auth/sso/start?email=ana%40acme.example&returnTo=${encodeURIComponent('/team?tab=members')}`,
      'ana',
    );
    expect(back.location).toBe('/team?tab=members');
    expect(
      new URL((await start('/api/auth/sso/start?staff=1')).location).searchParams.has('prompt'),
    ).toBe(false);
    // A browser already signed in proves it again: the provider must sign the person in anew.
    const stepUp = await server.request('/api/auth/sso/start?email=ana%40acme.example', {
      redirect: 'manual',
      headers: {
        cookie:
          back.cookie ??
          (await ssoSignIn('/api/auth/sso/start?email=ana%40acme.example', 'ana')).cookie ??
          '',
      },
    });
    expect(new URL(stepUp.headers.get('location') ?? '').searchParams.get('prompt')).toBe('login');
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const started = await server.request(
        `/api/auth/sso/start?email=ana%40acme.example&returnTo=${encodeURIComponent(returnTo)}`,
        { redirect: 'manual' },
      );
      expect(started.status).toBe(400);
    }
  });

  it('seals again at start a secret stored before sealing or under a previous key', async () => {
    const db = server.database.db;
    await db
      .update(accountSsoProviders)
      .set({ clientSecret: acmeClient.clientSecret })
      .where(eq(accountSsoProviders.accountId, accountId));
    expect(await resealAccountSsoSecrets(db, server.settings.secretKeys)).toBe(1);
    const [stored] = await db.select().from(accountSsoProviders);
    expect(stored?.clientSecret).toMatch(/^sealed\.v1\./);
    expect(await resealAccountSsoSecrets(db, server.settings.secretKeys)).toBe(0);
    expect((await ssoSignIn('/api/auth/sso/start?email=ana%40acme.example', 'ana')).location).toBe(
      '/',
    );
  });
});
