import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, signInLinks, users } from '../../db/schema';
import { addStaff } from '../../services/accounts/staff';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let time: ReturnType<typeof createFakeClock>;

async function startWith(env: Record<string, string> = {}) {
  time = createFakeClock();
  server = await startTestServer({ clock: time.clock, env });
}

afterEach(async () => {
  await server.close();
});

async function signUp(
  email: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return server.request('/api/users/signup', { json: { email, ...extra }, headers });
}

async function signInAs(email: string): Promise<string> {
  expect((await signUp(email)).status).toBe(202);
  const [link] = await server.linksFor(email);
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe('POST /api/users/signup', () => {
  beforeEach(() => startWith());

  it('answers 202 and queues a sign-in mail for a new address', async () => {
    const response = await signUp('Ada@Example.com', { company: '  Lovelace Cables  ' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ status: 'sent' });
    const [user] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ada@example.com'));
    expect(user?.company).toBe('Lovelace Cables');
    const links = await server.linksFor('ada@example.com');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${server.origin}/signin/[A-Za-z0-9_-]{43}$`));
  });

  it('gives the same answer for a known and an unknown address', async () => {
    const first = await signUp('known@example.com');
    time.advance(61);
    const known = await signUp('known@example.com');
    const unknown = await signUp('unknown@example.com');
    const shape = async (response: Response) => ({
      status: response.status,
      body: await response.text(),
      headers: [...response.headers.keys()]
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort(),
    });
    const unknownShape = await shape(unknown);
    expect(await shape(known)).toEqual(unknownShape);
    expect(await shape(first)).toEqual(unknownShape);
  });

  it('turns an empty company into an absent one, and keeps a known user’s company', async () => {
    await signUp('bob@example.com', { company: '   ' });
    const [bob] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'bob@example.com'));
    expect(bob?.company).toBeNull();
    await signUp('carol@example.com', { company: 'First' });
    time.advance(61);
    await signUp('carol@example.com', { company: 'Second' });
    const [carol] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'carol@example.com'));
    expect(carol?.company).toBe('First');
  });

  it.each([
    [{}, 'email', 'field.required'],
    [{ email: '' }, 'email', 'field.required'],
    [{ email: 'not-an-email' }, 'email', 'field.invalid_email'],
    [{ email: 'a@b.co', company: 'x'.repeat(201) }, 'company', 'field.too_long'],
    [{ email: 'a@b.co', company: 42 }, 'company', 'field.invalid'],
  ])('refuses %j with 400 and the field error', async (body, field, errorCode) => {
    const response = await server.request('/api/users/signup', { json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field, errorCode }],
    });
    expect(await server.database.db.select().from(users)).toEqual([]);
  });

  it('stores only the SHA-256 of the token, never the token', async () => {
    await signUp('dan@example.com');
    const [link] = await server.linksFor('dan@example.com');
    const token = tokenOf(link ?? '');
    const rows = await server.database.db.select().from(signInLinks);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
  });

  it('writes the mail in the visitor’s language (cookie, then Accept-Language, else French)', async () => {
    await signUp('en@example.com', {}, { 'accept-language': 'en-GB,en;q=0.9' });
    await signUp('fr@example.com', {}, { 'accept-language': 'de-DE' });
    await signUp('cookie@example.com', {}, { cookie: 'locale=en', 'accept-language': 'fr-FR' });
    const subjects = await server.database.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, locale: mailOutbox.locale })
      .from(mailOutbox);
    const byAddress = Object.fromEntries(subjects.map((row) => [row.to, row.locale]));
    expect(byAddress).toEqual({
      'en@example.com': 'en',
      'fr@example.com': 'fr',
      'cookie@example.com': 'en',
    });
    expect(subjects.find((row) => row.to === 'en@example.com')?.subject).toMatch(/sign-in link/);
  });
});

describe('send limits', () => {
  it('allows one mail per address per 60 s, with Retry-After', async () => {
    await startWith();
    expect((await signUp('eve@example.com')).status).toBe(202);
    time.advance(20);
    const refused = await signUp('eve@example.com');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'request.rate_limited' });
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await server.linksFor('eve@example.com')).toHaveLength(1);
    time.advance(41);
    expect((await signUp('eve@example.com')).status).toBe(202);
  });

  it('allows five mails per address per hour', async () => {
    await startWith();
    for (let i = 0; i < 5; i++) {
      expect((await signUp('frank@example.com')).status).toBe(202);
      time.advance(61);
    }
    const refused = await signUp('frank@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('allows ten sign-ups per IP per minute', async () => {
    await startWith();
    for (let i = 0; i < 10; i++) expect((await signUp(`ip${i}@example.com`)).status).toBe(202);
    const refused = await signUp('ip10@example.com');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
  });

  it('takes its numbers from configuration', async () => {
    await startWith({ RATE_LIMIT_MAIL_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await signUp('gina@example.com')).status).toBe(202);
    expect((await signUp('gina@example.com')).status).toBe(429);
  });

  it('does not trust X-Forwarded-For unless a proxy is configured', async () => {
    await startWith();
    for (let i = 0; i < 10; i++) {
      await signUp(`xff${i}@example.com`, {}, { 'x-forwarded-for': `198.51.100.${i}` });
    }
    const refused = await signUp('xff10@example.com', {}, { 'x-forwarded-for': '198.51.100.99' });
    expect(refused.status).toBe(429);
  });

  it('counts the sign-ups of an IPv6 client per /64: one host owns the whole prefix', async () => {
    await startWith({ TRUST_PROXY: 'true', RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '3' });
    const sameNetwork = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff::9',
      '2001:0db8:0001:0002:abcd:ef01:2345:6789',
      '2001:DB8:1:2::2',
      '2001:db8:1:2:0:0:0:3',
    ];
    const statuses = [];
    for (const [i, address] of sameNetwork.entries()) {
      statuses.push(
        (await signUp(`v6-${i}@example.com`, {}, { 'x-forwarded-for': address })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    // Another /64 has a limit of its own.
    const neighbour = await signUp(
      'v6-other@example.com',
      {},
      { 'x-forwarded-for': '2001:db8:1:3::1' },
    );
    expect(neighbour.status).toBe(202);
  });
});

describe('POST /api/users/signin', () => {
  beforeEach(() =>
    startWith({ RATE_LIMIT_MAIL_PER_MINUTE: '100', RATE_LIMIT_MAIL_PER_HOUR: '100' }),
  );

  it('spends the link, sets the session cookie and answers the profile with the default rules', async () => {
    await signUp('hal@example.com');
    const [link] = await server.linksFor('hal@example.com');
    const response = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link ?? '') },
    });
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      email: 'hal@example.com',
      locale: 'fr',
      rules: [
        { action: 'get', subject: 'refill' },
        { action: 'get', subject: 'spareparts' },
      ],
    });
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
  });

  it("takes the browser's language at the first sign-in, then keeps the one the person has", async () => {
    // Added in French (by the command line, an inviter, or a French page), signing in from an
    // English browser.
    const db = server.database.db;
    await addStaff(db, {
      email: 'ana@provider.example',
      role: 'agent',
      actor: { userId: null, label: 'command line' },
      now: time.clock(),
    });
    const signInWith = async (email: string, acceptLanguage: string) => {
      time.advance(61);
      expect((await signUp(email)).status).toBe(202);
      const [link] = await server.linksFor(email);
      const response = await server.request('/api/users/signin', {
        json: { hash: tokenOf(link ?? '') },
        headers: { 'accept-language': acceptLanguage },
      });
      expect(response.status).toBe(200);
      return {
        profile: (await response.json()) as { locale: string },
        cookie: sessionCookie(response),
      };
    };
    const first = await signInWith('ana@provider.example', 'en-GB,en;q=0.9,fr;q=0.8');
    expect(first.profile.locale).toBe('en');
    // A later sign-in from a French browser changes nothing: the person keeps their language…
    expect((await signInWith('ana@provider.example', 'fr-FR')).profile.locale).toBe('en');
    // …which they choose themselves from then on.
    const chosen = await server.request('/api/users/me', {
      method: 'PATCH',
      headers: { cookie: first.cookie },
      json: { locale: 'fr' },
    });
    expect(chosen.status).toBe(200);
    expect((await signInWith('ana@provider.example', 'en')).profile.locale).toBe('fr');
    // A browser that asks for no language the portal has leaves the one they were added with.
    await addStaff(db, {
      email: 'bo@provider.example',
      role: 'agent',
      locale: 'en',
      actor: { userId: null, label: 'command line' },
      now: time.clock(),
    });
    expect((await signInWith('bo@provider.example', 'de-DE')).profile.locale).toBe('en');
  });

  it('refuses a used link and an unknown one as invalid, a malformed one as a bad request', async () => {
    await signUp('ivy@example.com');
    const hash = tokenOf((await server.linksFor('ivy@example.com'))[0] ?? '');
    expect((await server.request('/api/users/signin', { json: { hash } })).status).toBe(200);
    const reused = await server.request('/api/users/signin', { json: { hash } });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: 'auth.link_invalid' });
    const unknown = await server.request('/api/users/signin', { json: { hash: 'A'.repeat(43) } });
    expect(await unknown.json()).toEqual({ message: 'auth.link_invalid' });
    const malformed = await server.request('/api/users/signin', { json: { hash: '../../etc' } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe('request.invalid');
  });

  it('refuses a link older than 15 minutes as expired', async () => {
    await signUp('jo@example.com');
    const hash = tokenOf((await server.linksFor('jo@example.com'))[0] ?? '');
    time.advance(15 * 60);
    const response = await server.request('/api/users/signin', { json: { hash } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'auth.link_expired' });
  });

  it('accepts a link just before it expires', async () => {
    await signUp('kim@example.com');
    const hash = tokenOf((await server.linksFor('kim@example.com'))[0] ?? '');
    time.advance(15 * 60 - 1);
    expect((await server.request('/api/users/signin', { json: { hash } })).status).toBe(200);
  });

  it("voids the user's other links when one is redeemed", async () => {
    await signUp('lee@example.com');
    await signUp('lee@example.com');
    const [newest, oldest] = await server.linksFor('lee@example.com');
    expect(
      (await server.request('/api/users/signin', { json: { hash: tokenOf(newest ?? '') } })).status,
    ).toBe(200);
    const older = await server.request('/api/users/signin', {
      json: { hash: tokenOf(oldest ?? '') },
    });
    expect(await older.json()).toEqual({ message: 'auth.link_invalid' });
  });

  it('lets exactly one of twenty concurrent redemptions of one link succeed', async () => {
    await signUp('max@example.com');
    const hash = tokenOf((await server.linksFor('max@example.com'))[0] ?? '');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => server.request('/api/users/signin', { json: { hash } })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    const sessions = await server.database.db.execute(sql`select count(*)::int as n from sessions`);
    expect((sessions as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it('never accepts a session id chosen before sign-in (fixation)', async () => {
    await signUp('nia@example.com');
    const hash = tokenOf((await server.linksFor('nia@example.com'))[0] ?? '');
    const planted = 'session=' + 'P'.repeat(43);
    const response = await server.request('/api/users/signin', {
      json: { hash },
      headers: { cookie: planted },
    });
    expect(sessionCookie(response)).not.toBe(planted);
    expect((await server.request('/api/users/me', { headers: { cookie: planted } })).status).toBe(
      401,
    );
  });
});

describe('sessions', () => {
  beforeEach(() => startWith());

  it('answers /users/me with 401 without a session, and with the profile with one', async () => {
    const anonymous = await server.request('/api/users/me');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'auth.unauthenticated' });
    const cookie = await signInAs('oz@example.com');
    const me = await server.request('/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('oz@example.com');
  });

  it('revokes the session on sign-out, server-side', async () => {
    const cookie = await signInAs('pam@example.com');
    const signOut = await server.request('/api/users/signout', { json: {}, headers: { cookie } });
    expect(signOut.status).toBe(204);
    expect(signOut.headers.getSetCookie().join()).toMatch(/session=;/);
    // The old cookie, replayed, no longer opens anything.
    expect((await server.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
  });

  it('expires after 30 days without use', async () => {
    const cookie = await signInAs('quinn@example.com');
    time.advance(30 * 24 * 3600);
    expect((await server.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
  });

  it('is extended when used in its last 15 days', async () => {
    const cookie = await signInAs('rae@example.com');
    time.advance(10 * 24 * 3600);
    const early = await server.request('/api/users/me', { headers: { cookie } });
    expect(early.headers.getSetCookie()).toEqual([]);
    time.advance(6 * 24 * 3600);
    const late = await server.request('/api/users/me', { headers: { cookie } });
    expect(late.status).toBe(200);
    expect(late.headers.getSetCookie().join()).toMatch(/^session=/);
    time.advance(25 * 24 * 3600);
    expect((await server.request('/api/users/me', { headers: { cookie } })).status).toBe(200);
  });
});

describe('PATCH /api/users/me', () => {
  beforeEach(() => startWith());

  it('updates the name, phone and language', async () => {
    const cookie = await signInAs('sam@example.com');
    const response = await server.request('/api/users/me', {
      method: 'PATCH',
      headers: { cookie },
      json: { firstName: ' Sam ', lastName: 'Smith', phone: '+33612345678', locale: 'en' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstName: 'Sam',
      lastName: 'Smith',
      phone: '+33612345678',
      locale: 'en',
    });
  });

  it.each([
    [{ phone: '0612' }, 'phone'],
    [{ locale: 'de' }, 'locale'],
    [{ firstName: '' }, 'firstName'],
    [{ firstName: 'x'.repeat(101) }, 'firstName'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const cookie = await signInAs('tia@example.com');
    const response = await server.request('/api/users/me', {
      method: 'PATCH',
      headers: { cookie },
      json: body,
    });
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { errors: Array<{ field: string }> };
    expect(payload.errors.map((error) => error.field)).toEqual([field]);
  });

  it('refuses unknown fields (no mass assignment of rules or e-mail)', async () => {
    const cookie = await signInAs('uma@example.com');
    const response = await server.request('/api/users/me', {
      method: 'PATCH',
      headers: { cookie },
      json: { rules: [{ action: 'manage', subject: 'all' }] },
    });
    expect(response.status).toBe(400);
  });

  it('needs a session (401) and our origin (403)', async () => {
    expect(
      (await server.request('/api/users/me', { method: 'PATCH', json: { firstName: 'X' } })).status,
    ).toBe(401);
    const cookie = await signInAs('vic@example.com');
    const foreign = await server.request('/api/users/me', {
      method: 'PATCH',
      headers: { cookie, origin: 'https://evil.example' },
      json: { firstName: 'X' },
    });
    expect(foreign.status).toBe(403);
  });
});

describe('https deployments', () => {
  it('use a __Host- cookie with Secure', async () => {
    await startWith({ PUBLIC_URL: 'https://portal.example.com' });
    await signUp('wes@example.com');
    const hash = tokenOf((await server.linksFor('wes@example.com'))[0] ?? '');
    const response = await server.request('/api/users/signin', { json: { hash } });
    const setCookie = response.headers.getSetCookie().join();
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toContain('Secure');
  });
});

describe('in dev without PUBLIC_URL', () => {
  beforeEach(() => startWith({ PUBLIC_URL: '' }));

  it('signs up and in from the origin the server listens on, as from localhost', async () => {
    const port = new URL(server.url).port;
    expect(server.origin).toBe(`http://localhost:${port}`);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const email = `${new URL(origin).hostname}@example.com`;
      expect((await signUp(email, {}, { origin })).status).toBe(202);
      const hash = tokenOf((await server.linksFor(email))[0] ?? '');
      const signIn = await server.request('/api/users/signin', {
        json: { hash },
        headers: { origin },
      });
      expect(signIn.status).toBe(200);
    }
  });

  it('still refuses another port or another host', async () => {
    const port = Number(new URL(server.url).port);
    for (const origin of [`http://127.0.0.1:${port + 1}`, `http://evil.example:${port}`]) {
      expect((await signUp('eve@example.com', {}, { origin })).status).toBe(403);
    }
  });
});
