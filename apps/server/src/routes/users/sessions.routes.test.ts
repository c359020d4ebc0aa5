import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { signIn } from '../../../test/reliability/fixtures';

/**
 * Each user's sessions: the list (device, created, last used, this one marked), signing out one
 * or every other, and what a suspended user's old cookie and sign-in links get.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs `email` in from a browser that says `userAgent`. */
async function signInWith(email: string, userAgent: string): Promise<string> {
  // One sign-in mail per address per minute.
  time.advance(61);
  const earlier = new Set(await server.linksFor(email));
  await server.request('/api/users/signup', { json: { email } });
  const link = (await server.linksFor(email)).find((candidate) => !earlier.has(candidate));
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

interface Listed {
  sessions: Array<{
    id: string;
    browser: string | null;
    os: string | null;
    createdAt: string;
    lastSeenAt: string;
    current: boolean;
  }>;
  nextOffset: number | null;
}

const list = async (cookie: string) =>
  (await (
    await server.request('/api/users/me/sessions', { headers: { cookie } })
  ).json()) as Listed;
const me = (cookie: string) => server.request('/api/users/me', { headers: { cookie } });

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(() => server.close());

describe('the sessions of a user', () => {
  it('lists each with its device, times, and this one marked; last used moves when used', async () => {
    const laptop = await signInWith('many@example.com', firefox);
    time.advance(3600);
    const phone = await signInWith('many@example.com', iphone);
    time.advance(3600);
    expect((await me(laptop)).status).toBe(200);
    const fromPhone = await list(phone);
    expect(fromPhone.sessions).toHaveLength(2);
    const laptopRow = fromPhone.sessions.find((row) => row.browser === 'Firefox');
    const phoneRow = fromPhone.sessions.find((row) => row.browser === 'Safari');
    expect(laptopRow).toMatchObject({ os: 'Windows', current: false });
    expect(phoneRow).toMatchObject({ os: 'iOS', current: true });
    // The laptop was signed in an hour before the phone, and used after it.
    expect(Date.parse(phoneRow!.createdAt) - Date.parse(laptopRow!.createdAt)).toBe(
      (3600 + 61) * 1000,
    );
    expect(Date.parse(laptopRow!.lastSeenAt)).toBe(time.clock().getTime());
    // Another user's list holds none of these.
    const stranger = await signIn(server, 'stranger@example.com');
    const theirs = await list(stranger);
    expect(theirs.sessions).toHaveLength(1);
    expect(theirs.sessions[0]!.current).toBe(true);
  });

  it('signs out one session (404 for another user’s), then every other, keeping this one', async () => {
    const a = await signInWith('three@example.com', firefox);
    const b = await signInWith('three@example.com', iphone);
    const c = await signInWith('three@example.com', firefox);
    const fromA = await list(a);
    const bId = fromA.sessions.find((row) => row.browser === 'Safari')!.id;
    const stranger = await signIn(server, 'stranger2@example.com');
    const foreign = await server.request(`/api/users/me/sessions/${bId}`, {
      method: 'DELETE',
      headers: { cookie: stranger },
    });
    expect(foreign.status).toBe(404);
    expect((await me(b)).status).toBe(200);
    const one = await server.request(`/api/users/me/sessions/${bId}`, {
      method: 'DELETE',
      headers: { cookie: a },
    });
    expect(one.status).toBe(204);
    expect((await me(b)).status).toBe(401);
    expect((await me(c)).status).toBe(200);

    const others = await server.request('/api/users/me/sessions/signout-others', {
      headers: { cookie: a },
      json: {},
    });
    expect(await others.json()).toEqual({ signedOut: 1 });
    expect((await me(c)).status).toBe(401);
    expect((await me(a)).status).toBe(200);
    expect((await list(a)).sessions.map((row) => row.current)).toEqual([true]);
  });
});

describe('a suspended user', () => {
  it('loses every session at once; the old cookie is told why; no sign-in until lifted', async () => {
    const customer = await signInWith('suspended@example.com', firefox);
    const manager = await signIn(server, 'manager@provider.example');
    await server.database.db
      .update(users)
      .set({ role: 'manager' })
      .where(eq(users.email, 'manager@provider.example'));
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'suspended@example.com'));

    // A customer cannot suspend anyone.
    const byCustomer = await server.request(`/api/backoffice/users/${row!.id}/suspend`, {
      headers: { cookie: customer },
      json: {},
    });
    expect(byCustomer.status).toBe(403);

    const suspended = await server.request(`/api/backoffice/users/${row!.id}/suspend`, {
      headers: { cookie: manager },
      json: {},
    });
    expect(suspended.status).toBe(204);
    const old = await me(customer);
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ message: 'auth.suspended' });

    time.advance(61);
    await server.request('/api/users/signup', { json: { email: 'suspended@example.com' } });
    const [link] = await server.linksFor('suspended@example.com');
    const refused = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link!) },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'auth.suspended' });

    await server.request(`/api/backoffice/users/${row!.id}/unsuspend`, {
      headers: { cookie: manager },
      json: {},
    });
    const back = await signInWith('suspended@example.com', firefox);
    expect((await me(back)).status).toBe(200);
    // An ordinary ended session is still just "sign in again".
    const stale = await me(customer);
    expect(await stale.json()).toEqual({ message: 'auth.unauthenticated' });
  });
});
