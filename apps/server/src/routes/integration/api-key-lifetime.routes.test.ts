import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { sweepApiKeyExpiry } from '../../services/integration/api-key-expiry';
import { loadTranslations } from '../../services/translations';
import { createFakeClock } from '../../../test/clock';
import {
  callMachine,
  createCustomer,
  createMember,
  signIn,
  type Customer,
} from '../../../test/reliability/fixtures';
import { decodeMail, startSmtpTestServer } from '../../../test/smtp-test-server';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * The lifetime of a machine's API key over HTTP: an expiry chosen at creation within the longest
 * lifetime, refused with its own code once past; rotation, the old secret working for the
 * overlap; the warning mail before the expiry, sent once through SMTP; the audit rows of each.
 * And the rate-limit headers every answer to a live key carries.
 */

const DAY = 24 * 3600;
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
const translations = loadTranslations();
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let me: Customer;
let other: Customer;

interface ApiKeyBody {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expiresAt: string | null;
  rotatedAt: string | null;
}

function keysOf(customer: Customer, path = '/api/integration/api-keys', json?: unknown) {
  return server.request(path, { headers: { cookie: customer.cookie }, json });
}

/**
 * Creating or rotating a key asks for a sign-in within ten minutes, and the tests move the clock
 * on by days: the customer signs in again when theirs is older.
 */
let signedInAt = 0;
async function keepSignedIn() {
  if (time.clock().getTime() - signedInAt <= 9 * 60_000) return;
  me.cookie = await signIn(server, me.email);
  other.cookie = await signIn(server, other.email);
  signedInAt = time.clock().getTime();
}

async function createKey(json: Record<string, unknown>) {
  await keepSignedIn();
  const response = await keysOf(me, undefined, {
    name: 'Gateway',
    scopes: ['drums:read'],
    ...json,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { apiKey: ApiKeyBody; key: string };
}

async function listed(id: string): Promise<ApiKeyBody | undefined> {
  const response = await keysOf(me, '/api/integration/api-keys?limit=50');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { apiKeys: ApiKeyBody[] };
  return body.apiKeys.find((key) => key.id === id);
}

async function auditOf(targetIds: string[]) {
  return server.database.db
    .select({
      action: auditEvents.action,
      targetId: auditEvents.targetId,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, me.accountId), inArray(auditEvents.targetId, targetIds)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.action));
}

const drums = (key: string) => callMachine(server, key, 'GET', '/api/v1/drums');

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startTestServer({
    clock: time.clock,
    env: {
      SMTP_URL: smtp.url,
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      RATE_LIMIT_API_KEY_PER_MINUTE: '3',
      API_KEY_MAX_LIFETIME_DAYS: '90',
      API_KEY_ROTATION_OVERLAP_HOURS: '24',
      API_KEY_EXPIRY_WARNING_DAYS: '14',
    },
  });
  me = await createCustomer(server, 'life');
  other = await createCustomer(server, 'lifeother');
  signedInAt = time.clock().getTime();
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('rate-limit headers', () => {
  it('tells every answer to a live key where it stands, and the 429 when to come back', async () => {
    const { key } = await createKey({});
    const first = await drums(key);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    expect(first.headers.get('ratelimit-reset')).toBe('60');
    time.advance(10);
    // Refused before its call is counted (no scope, a query that does not validate): the
    // headers still say where the key stands, and nothing was counted.
    const unscoped = await callMachine(server, key, 'POST', '/api/v1/readings', {
      readings: [
        { drumSerial: 'life-1', remainingLength: 500, measuredAt: '2026-11-23T08:00:00Z' },
      ],
    });
    expect(unscoped.status).toBe(403);
    expect(unscoped.headers.get('ratelimit-remaining')).toBe('2');
    expect(unscoped.headers.get('ratelimit-reset')).toBe('50');
    const invalid = await callMachine(server, key, 'GET', '/api/v1/drums?limit=100000');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('ratelimit-limit')).toBe('3');
    expect(invalid.headers.get('ratelimit-remaining')).toBe('2');
    expect((await drums(key)).headers.get('ratelimit-remaining')).toBe('1');
    expect((await drums(key)).headers.get('ratelimit-remaining')).toBe('0');
    const refused = await drums(key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe('50');
    // No live key, no limit of its own to tell.
    const anonymous = await fetch(`${server.url}/api/v1/drums`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('ratelimit-limit')).toBeNull();
  });

  it('comes with any 429 of a rate limit, in the portal too', async () => {
    expect(
      (await server.request('/api/users/signup', { json: { email: 'rl@example.com' } })).status,
    ).toBe(202);
    const refused = await server.request('/api/users/signup', {
      json: { email: 'rl@example.com' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit-limit')).toBe('1');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe('60');
  });
});

describe('expiry', () => {
  it('refuses an expiry past or beyond the longest lifetime, and gives that lifetime by default', async () => {
    const past = await keysOf(me, undefined, {
      name: 'Past',
      scopes: ['drums:read'],
      expiresAt: new Date(time.clock().getTime() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({ message: 'integration.api_key_expiry_in_past' });
    const far = await keysOf(me, undefined, {
      name: 'Far',
      scopes: ['drums:read'],
      expiresAt: new Date(time.clock().getTime() + 91 * DAY * 1000).toISOString(),
    });
    expect(far.status).toBe(400);
    expect(await far.json()).toEqual({ message: 'integration.api_key_expiry_too_far' });
    const malformed = await keysOf(me, undefined, {
      name: 'Malformed',
      scopes: ['drums:read'],
      expiresAt: 'next week',
    });
    expect(malformed.status).toBe(400);
    const { apiKey } = await createKey({});
    expect(apiKey.expiresAt).toBe(new Date(time.clock().getTime() + 90 * DAY * 1000).toISOString());
    const policy = (
      (await (await keysOf(me, '/api/integration/api-keys')).json()) as {
        policy: unknown;
      }
    ).policy;
    expect(policy).toEqual({
      maxLifetimeDays: 90,
      rotationOverlapHours: 24,
      expiryWarningDays: 14,
    });
  });

  it('warns the maker and the admins once, then refuses the key with its own code', async () => {
    const admin = await createMember(server, me, {
      email: 'second-admin@example.com',
      role: 'admin',
      siteIds: null,
    });
    await createMember(server, me, { email: 'buyer@example.com', role: 'buyer', siteIds: null });
    await server.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, admin.id));
    await server.database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, me.userId));
    const expiresAt = new Date(time.clock().getTime() + 20 * DAY * 1000);
    const { apiKey, key } = await createKey({
      name: 'Expiring',
      expiresAt: expiresAt.toISOString(),
    });
    const deps = { settings: server.settings, translations };

    // Twenty days ahead is not yet within the fourteen days' warning.
    expect(await sweepApiKeyExpiry(server.database.db, deps, time.clock())).toBe(0);
    time.advance(7 * DAY);
    expect(await sweepApiKeyExpiry(server.database.db, deps, time.clock())).toBe(2);
    expect(await sweepApiKeyExpiry(server.database.db, deps, time.clock())).toBe(0);
    smtp.received.length = 0;
    expect(await server.app.mailWorker.runOnce()).toBeGreaterThanOrEqual(2);
    const mails = smtp.received.map((mail) => ({ to: mail.to, text: decodeMail(mail.raw) }));
    const toAdmin = mails.find((mail) => mail.to.includes('second-admin@example.com'));
    const toMaker = mails.find((mail) => mail.to.includes(me.email));
    expect(mails.some((mail) => mail.to.includes('buyer@example.com'))).toBe(false);
    expect(toAdmin?.text).toContain(`Your API key Expiring (${apiKey.prefix}…) expires on`);
    expect(toAdmin?.text).toContain('keeps working for 24 hours');
    expect(toAdmin?.text).toContain('/integration');
    expect(toMaker?.text).toContain(
      `La clé d'API Expiring (${apiKey.prefix}…) de vos machines cesse de fonctionner le`,
    );

    expect((await drums(key)).status).toBe(200);
    time.advance(13 * DAY + 1);
    const expired = await drums(key);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'auth.key_expired' });
    expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="api"');

    await sweepApiKeyExpiry(server.database.db, deps, time.clock());
    await sweepApiKeyExpiry(server.database.db, deps, time.clock());
    expect((await auditOf([apiKey.id])).map((row) => row.action)).toEqual([
      'integration.api_key_created',
      'integration.api_key_expiry_set',
      'integration.api_key_expired',
    ]);
  });
});

describe('rotation', () => {
  it('gives a new key at once and keeps the old one working for the overlap', async () => {
    const old = await createKey({ name: 'Rotated', scopes: ['drums:read', 'readings:write'] });
    const rotatedAt = time.clock();
    await keepSignedIn();
    const response = await keysOf(me, `/api/integration/api-keys/${old.apiKey.id}/rotate`, {});
    expect(response.status).toBe(201);
    const fresh = (await response.json()) as { apiKey: ApiKeyBody; key: string };
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.apiKey).toMatchObject({
      name: 'Rotated',
      scopes: ['drums:read', 'readings:write'],
      rotatedAt: null,
    });
    const overlapEnd = new Date(rotatedAt.getTime() + 24 * 3600 * 1000).toISOString();
    expect(await listed(old.apiKey.id)).toMatchObject({
      rotatedAt: rotatedAt.toISOString(),
      expiresAt: overlapEnd,
    });

    // Rotated once: a second rotation of the old key is refused; another account's is unknown.
    const again = await keysOf(me, `/api/integration/api-keys/${old.apiKey.id}/rotate`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'integration.api_key_already_rotated' });
    const foreign = await keysOf(other, `/api/integration/api-keys/${fresh.apiKey.id}/rotate`, {});
    expect(foreign.status).toBe(404);
    const buyer = await createMember(server, me, {
      email: 'rotating-buyer@example.com',
      role: 'buyer',
      siteIds: null,
    });
    const refused = await server.request(`/api/integration/api-keys/${fresh.apiKey.id}/rotate`, {
      headers: { cookie: buyer.cookie },
      json: {},
    });
    expect(refused.status).toBe(403);

    time.advance(24 * 3600 - 1);
    expect((await drums(old.key)).status).toBe(200);
    expect((await drums(fresh.key)).status).toBe(200);
    time.advance(1);
    expect(await (await drums(old.key)).json()).toEqual({ message: 'auth.key_expired' });
    expect((await drums(fresh.key)).status).toBe(200);
    // The old key, rotated, is no one's warning: its successor replaces it.
    expect(
      await sweepApiKeyExpiry(
        server.database.db,
        {
          settings: server.settings,
          translations,
        },
        time.clock(),
      ),
    ).toBe(0);

    const trail = await auditOf([old.apiKey.id, fresh.apiKey.id]);
    const rotation = trail.find((row) => row.action === 'integration.api_key_rotated');
    expect(rotation).toMatchObject({
      targetId: old.apiKey.id,
      after: { rotatedTo: `Rotated (${fresh.apiKey.prefix}…)`, worksUntil: overlapEnd },
    });
    expect(trail.map((row) => row.action)).toContain('integration.api_key_expired');
  });
});
