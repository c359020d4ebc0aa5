import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, passkeys, sessions, users } from '../../db/schema';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { signIn } from '../../../test/reliability/fixtures';

/**
 * Passkeys over HTTP with real WebAuthn signatures (a software authenticator): adding, naming
 * and removing them, signing in without an address, step-up before sensitive actions, and every
 * bad answer refused with nothing created.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;

/** `name=value` of the challenge cookie a response set. */
function challengeCookie(response: Response): string {
  const header = response.headers
    .getSetCookie()
    .find((cookie) => cookie.includes('passkey-challenge='));
  if (!header) throw new Error('no challenge cookie was set');
  return header.split(';')[0] ?? '';
}

const cookies = (...parts: string[]) => parts.filter(Boolean).join('; ');

async function options(path: string, cookie = '') {
  const response = await server.request(path, { method: 'POST', json: {}, headers: { cookie } });
  expect(response.status).toBe(200);
  const { options } = (await response.json()) as { options: Record<string, unknown> };
  return { options, challenge: challengeCookie(response) };
}

async function addPasskey(cookie: string, key: SoftAuthenticator, name: string) {
  const start = await options('/api/users/me/passkeys/options', cookie);
  const response = await server.request('/api/users/me/passkeys', {
    json: { name, credential: key.register(start.options) },
    headers: { cookie: cookies(cookie, start.challenge) },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

/** Starts a passkey sign-in and answers it with `answer`; the raw response. */
async function signInWithPasskey(
  answer: (options: Record<string, unknown>) => unknown,
  challenge?: string,
) {
  const start = await options('/api/passkeys/sign-in/options');
  return server.request('/api/passkeys/sign-in', {
    json: { credential: answer(start.options) },
    headers: { cookie: challenge ?? start.challenge },
  });
}

const sessionCount = async () =>
  (await server.database.db.select({ n: count() }).from(sessions))[0]!.n;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
});
afterAll(() => server.close());

describe('passkeys', () => {
  it('are added, listed, renamed and removed by their owner, in the audit trail', async () => {
    const cookie = await signIn(server, 'owner@example.com');
    const key = new SoftAuthenticator(server.origin);
    const added = await addPasskey(cookie, key, 'Work laptop');
    expect(added.name).toBe('Work laptop');
    const renamed = await server.request(`/api/users/me/passkeys/${added.id}`, {
      method: 'PATCH',
      json: { name: 'Office laptop' },
      headers: { cookie },
    });
    expect(renamed.status).toBe(200);
    const list = await server.request('/api/users/me/passkeys', { headers: { cookie } });
    expect(((await list.json()) as { passkeys: unknown[] }).passkeys).toEqual([
      expect.objectContaining({ id: added.id, name: 'Office laptop', lastUsedAt: null }),
    ]);
    // Someone else can neither see, rename nor remove it.
    const stranger = await signIn(server, 'stranger@example.com');
    const theirs = await server.request('/api/users/me/passkeys', {
      headers: { cookie: stranger },
    });
    expect(((await theirs.json()) as { passkeys: unknown[] }).passkeys).toEqual([]);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await server.request(`/api/users/me/passkeys/${added.id}`, {
        method,
        ...(method === 'PATCH' ? { json: { name: 'Mine now' } } : {}),
        headers: { cookie: stranger },
      });
      expect(response.status).toBe(404);
    }
    // A name is required, and bounded.
    const unnamed = await server.request(`/api/users/me/passkeys/${added.id}`, {
      method: 'PATCH',
      json: { name: ' ' },
      headers: { cookie },
    });
    expect(unnamed.status).toBe(400);
    const removed = await server.request(`/api/users/me/passkeys/${added.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(removed.status).toBe(204);
    const trail = await server.database.db
      .select({ action: auditEvents.action, target: auditEvents.targetLabel })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, added.id));
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'passkey.added', target: 'Work laptop' },
        { action: 'passkey.removed', target: 'Office laptop' },
      ]),
    );
    // A removed passkey signs no one in.
    const response = await signInWithPasskey((opts) => key.assert(opts));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'auth.passkey_unknown' });
  });

  it('need a session, and refuse an answer for another origin or a challenge of no one', async () => {
    expect((await server.request('/api/users/me/passkeys')).status).toBe(401);
    const options401 = await server.request('/api/users/me/passkeys/options', {
      method: 'POST',
      json: {},
    });
    expect(options401.status).toBe(401);
    const cookie = await signIn(server, 'origin@example.com');
    const start = await options('/api/users/me/passkeys/options', cookie);
    const elsewhere = new SoftAuthenticator('https://portal.example.net', '127.0.0.1');
    const wrongOrigin = await server.request('/api/users/me/passkeys', {
      json: { name: 'Phished', credential: elsewhere.register(start.options) },
      headers: { cookie: cookies(cookie, start.challenge) },
    });
    expect(wrongOrigin.status).toBe(400);
    expect(await wrongOrigin.json()).toEqual({ message: 'auth.passkey_refused' });
    // Without the challenge cookie the answer is no one's.
    const again = await options('/api/users/me/passkeys/options', cookie);
    const key = new SoftAuthenticator(server.origin);
    const noCookie = await server.request('/api/users/me/passkeys', {
      json: { name: 'Mine', credential: key.register(again.options) },
      headers: { cookie },
    });
    expect(noCookie.status).toBe(400);
    expect(await noCookie.json()).toEqual({ message: 'auth.passkey_challenge_invalid' });
    const stored = await server.database.db
      .select({ n: count() })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(users.email, 'origin@example.com'));
    expect(stored[0]!.n).toBe(0);
  });

  it('sign a person in with no address typed; a replayed, late or cloned answer opens nothing', async () => {
    const cookie = await signIn(server, 'signer@example.com');
    const key = new SoftAuthenticator(server.origin);
    await addPasskey(cookie, key, 'Phone');

    const before = await sessionCount();
    const start = await options('/api/passkeys/sign-in/options');
    const answer = key.assert(start.options);
    const first = await server.request('/api/passkeys/sign-in', {
      json: { credential: answer },
      headers: { cookie: start.challenge },
    });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { email: string }).email).toBe('signer@example.com');
    const passkeyCookie = sessionCookie(first);
    const listed = await server.request('/api/users/me/sessions', {
      headers: { cookie: passkeyCookie },
    });
    const { sessions: rows } = (await listed.json()) as {
      sessions: Array<{ current: boolean; signInMethod: string; signInProvider: string | null }>;
    };
    expect(rows.find((row) => row.current)).toMatchObject({
      signInMethod: 'passkey',
      signInProvider: null,
    });
    expect(rows.find((row) => !row.current)).toMatchObject({ signInMethod: 'link' });
    expect(await sessionCount()).toBe(before + 1);

    // The same answer again: its challenge is spent.
    const replayed = await server.request('/api/passkeys/sign-in', {
      json: { credential: answer },
      headers: { cookie: start.challenge },
    });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ message: 'auth.passkey_challenge_invalid' });

    // An answer after the challenge expired.
    const late = await options('/api/passkeys/sign-in/options');
    time.advance(6 * 60);
    const lateAnswer = await server.request('/api/passkeys/sign-in', {
      json: { credential: key.assert(late.options) },
      headers: { cookie: late.challenge },
    });
    expect(lateAnswer.status).toBe(400);
    expect(await lateAnswer.json()).toEqual({ message: 'auth.passkey_challenge_invalid' });

    // A copy of the key answers with a counter that went back.
    const cloned = await signInWithPasskey((opts) => key.assert(opts, { counter: 1 }));
    expect(cloned.status).toBe(400);
    expect(await cloned.json()).toEqual({ message: 'auth.passkey_refused' });
    expect(await sessionCount()).toBe(before + 1);
  });

  it('a stale session is asked to step up; a passkey of its own person lets the action through', async () => {
    const cookie = await signIn(server, 'export@example.com');
    const key = new SoftAuthenticator(server.origin);
    const added = await addPasskey(cookie, key, 'Laptop');
    const exportData = () => server.request('/api/users/me/data', { headers: { cookie } });
    expect((await exportData()).status).toBe(200);
    time.advance(11 * 60);
    const stale = await exportData();
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ message: 'auth.step_up_required' });

    // Someone else's passkey proves nothing about this person.
    const other = await signIn(server, 'other@example.com');
    const otherKey = new SoftAuthenticator(server.origin);
    await addPasskey(other, otherKey, 'Theirs');
    const foreignStart = await options('/api/users/me/step-up/options', cookie);
    const foreign = await server.request('/api/users/me/step-up', {
      json: { credential: otherKey.assert(foreignStart.options) },
      headers: { cookie: cookies(cookie, foreignStart.challenge) },
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ message: 'auth.passkey_refused' });
    expect((await exportData()).status).toBe(403);

    // A step-up challenge is bound to the session that asked for it.
    const otherStart = await options('/api/users/me/step-up/options', other);
    const crossed = await server.request('/api/users/me/step-up', {
      json: { credential: key.assert(otherStart.options) },
      headers: { cookie: cookies(cookie, otherStart.challenge) },
    });
    expect(crossed.status).toBe(400);
    expect(await crossed.json()).toEqual({ message: 'auth.passkey_challenge_invalid' });

    const start = await options('/api/users/me/step-up/options', cookie);
    const stepUp = await server.request('/api/users/me/step-up', {
      json: { credential: key.assert(start.options) },
      headers: { cookie: cookies(cookie, start.challenge) },
    });
    expect(stepUp.status).toBe(204);
    // The same session under a new token: the one it had signs nothing in any more.
    const renewed = sessionCookie(stepUp);
    expect(renewed).not.toBe(cookie);
    expect((await exportData()).status).toBe(401);
    expect(
      (await server.request('/api/users/me/data', { headers: { cookie: renewed } })).status,
    ).toBe(200);
    const trail = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetId, added.id), eq(auditEvents.action, 'passkey.used_for_step_up')),
      );
    expect(trail).toHaveLength(1);
  });

  it('a stale session steps up with a fresh link mailed to its person', async () => {
    const cookie = await signIn(server, 'mailed@example.com');
    time.advance(11 * 60);
    expect((await server.request('/api/users/me/data', { headers: { cookie } })).status).toBe(403);
    const earlier = new Set(await server.linksFor('mailed@example.com'));
    const mailed = await server.request('/api/users/me/step-up/link', {
      method: 'POST',
      json: {},
      headers: { cookie },
    });
    expect(mailed.status).toBe(202);
    const link = (await server.linksFor('mailed@example.com')).find((each) => !earlier.has(each));
    const redeemed = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link ?? '') },
      headers: { cookie },
    });
    expect(redeemed.status).toBe(200);
    const fresh = sessionCookie(redeemed);
    expect(
      (await server.request('/api/users/me/data', { headers: { cookie: fresh } })).status,
    ).toBe(200);
  });

  it('staff are asked for a passkey at a link sign-in, and admitted by a link alone only for the grace period', async () => {
    const email = 'staffer@example.com';
    await signIn(server, email);
    await server.database.db.update(users).set({ role: 'agent' }).where(eq(users.email, email));
    time.advance(61);
    const cookie = await signIn(server, email);
    const me = await server.request('/api/users/me', { headers: { cookie } });
    const profile = (await me.json()) as { passkeyDeadline: string | null; signInMethod: string };
    expect(profile.signInMethod).toBe('link');
    expect(Date.parse(profile.passkeyDeadline ?? '')).toBe(
      time.clock().getTime() + 14 * 24 * 3600 * 1000,
    );
    time.advance(15 * 24 * 3600);
    const earlier = new Set(await server.linksFor(email));
    await server.request('/api/users/signup', { json: { email } });
    const link = (await server.linksFor(email)).find((each) => !earlier.has(each));
    const refused = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link ?? '') },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'auth.passkey_required' });
  });
});
