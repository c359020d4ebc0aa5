import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, roles, type Role } from '@portal/contract';
import { sessions, users } from '../../src/db/schema';
import { generateToken, hashToken } from '../../src/services/auth/tokens';
import { sessionCookie, tokenOf } from '../clock';
import { startTestServer } from '../test-server';
import {
  createApiKey,
  createCustomer,
  createResources,
  databaseFingerprint,
  rows,
  signIn,
  startAccessSuiteServer,
  type Customer,
} from './fixtures';
import {
  fillPath,
  listOperations,
  stateChangingMethods,
  type Operation,
} from './openapi-operations';
import {
  abilityByOperation,
  examples,
  machineKey,
  publicOperations,
  rolesWithAbility,
  type Resources,
} from './operation-examples';

/**
 * Reliability suite 2 — sessions and access, on every operation of /api/openapi.json: no session,
 * a forged, revoked or expired one → 401; a session without the ability → 403; another account's
 * ids → 404; a foreign or missing Origin → 403; a form's content type → 415; none of them writes
 * anything. Plus cookie flags, fixation, sign-out and X-Forwarded-For. (One-off cases already in
 * users.routes.test.ts — a planted unknown cookie, sign-out, 30-day expiry, https cookies — are
 * not repeated here.)
 */

const { server, time } = await startAccessSuiteServer({
  RATE_LIMIT_DOCUMENTS_PER_USER_MINUTE: '1000000',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-access-')),
});
const operations = await listOperations(server);
// The machines' operations take a bearer key, never a session: bearer-access.test.ts is theirs.
const dataOperations = operations.filter(
  (operation) => !publicOperations.has(operation.name) && !operation.bearer,
);

let me: Customer;
let other: Customer;
const resources = {} as Record<'me' | 'other', Resources>;

function send(
  cookie: string | undefined,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  multipart = false,
) {
  const all = new Headers({ origin: server.origin, ...headers });
  if (cookie) all.set('cookie', cookie);
  let payload: RequestInit['body'];
  if (multipart) {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n%%EOF\n']), 'note.pdf');
    payload = form;
  } else if (body !== undefined) {
    if (!all.has('content-type')) all.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  } else if (stateChangingMethods.has(method) && method !== 'DELETE') {
    if (!all.has('content-type')) all.set('content-type', 'application/json');
    payload = '{}';
  }
  // An answer is judged as the API gives it: a redirect (single sign-on) is not followed to the
  // page it names.
  return fetch(`${server.url}${path}`, {
    method,
    headers: all,
    body: payload,
    redirect: 'manual',
  });
}

/** The operation called as a valid request by `customer`, with `owner`'s ids in the path. */
function call(
  operation: Operation,
  cookie: string | undefined,
  { owner = resources.me, customer = me, headers = {} as Record<string, string> } = {},
) {
  const example = examples[operation.name] ?? {};
  const query = example.query?.(owner) ?? [];
  const path =
    fillPath(operation.path, example.params?.(owner) ?? {}) +
    (query.length > 0 ? `?${new URLSearchParams(query).toString()}` : '');
  return send(
    cookie,
    operation.method,
    path,
    { ...example.headers?.(), ...headers },
    example.body?.(owner, customer),
    example.multipart,
  );
}

/** Asserts each refusal (status and code) and that together they wrote nothing. */
async function expectRefused(
  operation: Operation,
  attempts: Array<() => Promise<Response>> | (() => Promise<Response>),
  status: number,
  code: string,
) {
  const before = await databaseFingerprint(server.database.db);
  for (const attempt of Array.isArray(attempts) ? attempts : [attempts]) {
    const response = await attempt();
    const body: unknown = await response.json();
    expect(response.status, `${operation.name}: ${JSON.stringify(body)}`).toBe(status);
    expect(isApiError(body) && body.message, operation.name).toBe(code);
  }
  expect(await databaseFingerprint(server.database.db), operation.name).toEqual(before);
}

/** A session row that ended: revoked, or past its expiry. */
async function deadSessionCookie(userId: string, kind: 'revoked' | 'expired'): Promise<string> {
  const token = generateToken();
  const now = time.clock();
  await server.database.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: new Date(now.getTime() - 31 * 24 * 3600_000),
    lastSeenAt: now,
    expiresAt: kind === 'expired' ? new Date(now.getTime() - 1000) : new Date(now.getTime() + 1e9),
    revokedAt: kind === 'revoked' ? now : null,
  });
  return `session=${token}`;
}

/** One user per role, customers in `me`'s account (`me` is its admin), staff in none. */
const roleCookies = {} as Record<Role, string>;
const accountOf = (role: Role) => (role === 'agent' || role === 'manager' ? null : me.accountId);
let endedUsers = 0;
const roleHolds = (role: Role, ability: readonly [string, string] | null) =>
  ability === null || (rolesWithAbility[ability.join(' ')] ?? []).includes(role);
function cookieOfRoleWith(operation: Operation): string {
  const ability = abilityByOperation[operation.name] ?? null;
  if (roleHolds('admin', ability)) return me.cookie;
  const role = roles.find((candidate) => roleHolds(candidate, ability));
  if (!role) throw new Error(`no role may call ${operation.name}`);
  return roleCookies[role];
}

beforeAll(async () => {
  me = await createCustomer(server, 'alice');
  for (const role of roles) {
    roleCookies[role] = await signInAs(`role-${role}@example.com`, accountOf(role), role);
  }
  other = await createCustomer(server, 'bob');
  resources.me = await createResources(server, me, 'me');
  resources.other = await createResources(server, other, 'other');
  machineKey.key = (await createApiKey(server, me)).key;
});
afterAll(() => server.close());

describe('suite 2 — sessions and access on every data endpoint', () => {
  it('knows every operation: public, or data with an ability and an example request', () => {
    // A new endpoint lands here: write the ability it needs in `abilityByOperation`.
    const unclassified = dataOperations.filter(
      (operation) => !(operation.name in abilityByOperation),
    );
    expect(unclassified.map((operation) => operation.name)).toEqual([]);
    const needsExample = dataOperations.filter(
      (operation) =>
        (operation.pathParams.length || operation.body || operation.method !== 'GET') &&
        !examples[operation.name],
    );
    // A new endpoint lands here: add a valid request for it to `examples`.
    expect(needsExample.map((operation) => operation.name)).toEqual([]);
    expect(dataOperations.length).toBeGreaterThanOrEqual(25);
  });

  it.each(dataOperations.map((operation) => [operation.name, operation] as const))(
    '%s: 401 without a session, with a forged, a revoked and an expired one',
    async (_name, operation) => {
      const revoked = await deadSessionCookie(me.userId, 'revoked');
      const expired = await deadSessionCookie(me.userId, 'expired');
      const cookies = [undefined, `session=${generateToken()}`, 'session=', revoked, expired];
      await expectRefused(
        operation,
        cookies.map((cookie) => () => call(operation, cookie)),
        401,
        'auth.unauthenticated',
      );
      // The control: the same request with a live session of a role that may is let through.
      const allowed = await call(
        operation,
        examples[operation.name]?.endsCaller
          ? await signInAs(`ended-control-${++endedUsers}@example.com`, me.accountId, 'viewer')
          : cookieOfRoleWith(operation),
      );
      expect([401, 403], `${operation.name} with a session`).not.toContain(allowed.status);
    },
  );

  // Every role against every data route, let through exactly when the role holds the route's
  // ability.

  it.each(dataOperations.map((operation) => [operation.name, operation] as const))(
    '%s: each role is let through exactly when it holds the ability, refused 403 otherwise',
    async (_name, operation) => {
      const ability = abilityByOperation[operation.name] ?? null;
      for (const role of roles) {
        const cookie = examples[operation.name]?.endsCaller
          ? await signInAs(`ended-${role}-${++endedUsers}@example.com`, accountOf(role), role)
          : roleCookies[role];
        if (roleHolds(role, ability)) {
          const response = await call(operation, cookie);
          expect([401, 403], `${role} on ${operation.name}`).not.toContain(response.status);
        } else {
          await expectRefused(operation, () => call(operation, cookie), 403, 'auth.forbidden');
        }
      }
    },
  );

  it('gives a viewer no state-changing route but their own profile, sessions and notifications', () => {
    const viewerWrites = dataOperations.filter(
      (operation) =>
        stateChangingMethods.has(operation.method) &&
        roleHolds('viewer', abilityByOperation[operation.name] ?? null),
    );
    expect(viewerWrites.map((operation) => operation.name).sort()).toEqual([
      'DELETE /api/users/me',
      // Their own passkeys, and proving again who they are (step-up).
      'DELETE /api/users/me/passkeys/{id}',
      'DELETE /api/users/me/sessions/{id}',
      'PATCH /api/users/me',
      'PATCH /api/users/me/passkeys/{id}',
      'POST /api/notifications/read',
      // Their own registration request, which a user of no account sends.
      'POST /api/registration',
      'POST /api/users/me/passkeys',
      'POST /api/users/me/passkeys/options',
      'POST /api/users/me/sessions/signout-others',
      'POST /api/users/me/step-up',
      'POST /api/users/me/step-up/link',
      'POST /api/users/me/step-up/options',
    ]);
    // Staff hold nothing of a customer's either.
    const staffOnCustomerData = dataOperations.filter((operation) => {
      const ability = abilityByOperation[operation.name];
      return ability && ability[1] !== 'backoffice' && roleHolds('agent', ability);
    });
    expect(staffOnCustomerData).toEqual([]);
  });

  const owned = dataOperations.filter((operation) => examples[operation.name]?.owned);

  it.each(owned.map((operation) => [operation.name, operation] as const))(
    "%s: another account's ids are 404, and nothing is written",
    async (_name, operation) => {
      await expectRefused(
        operation,
        () => call(operation, me.cookie, { owner: resources.other }),
        404,
        'request.not_found',
      );
    },
  );

  // Personal data must not stay in a browser's or a shared proxy's cache: every API answer is
  // no-store unless it is one of the few public documents below (translations, health, the
  // description of the API), which carry nothing about anyone.
  const cacheableOperations = new Set(['GET /api/locales/{ns}/{file}', 'GET /api/health']);
  it.each(
    operations
      .filter((operation) => !cacheableOperations.has(operation.name))
      .map((operation) => [operation.name, operation] as const),
  )('%s: answers with Cache-Control: no-store, refused or not', async (_name, operation) => {
    // Signing out with the shared session would end it for every later test: a visitor's.
    const cookies =
      operation.name === 'POST /api/users/signout' || examples[operation.name]?.endsCaller
        ? [undefined]
        : [me.cookie, undefined];
    for (const cookie of cookies) {
      const response = await call(operation, cookie);
      if (examples[operation.name]?.isStream) await response.body?.cancel();
      else await response.arrayBuffer();
      expect(
        response.headers.get('cache-control') ?? '',
        `${operation.name} → ${response.status}`,
      ).toMatch(/(^|,\s*)no-store(,|$)/);
    }
  });

  it('answers a successful sign-in (it carries the profile) with Cache-Control: no-store', async () => {
    await server.request('/api/users/signup', { json: { email: 'no-store@example.com' } });
    const [link] = await server.linksFor('no-store@example.com');
    const response = await server.request('/api/users/signin', { json: { hash: tokenOf(link!) } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it("answers another account's attachment under one's own request with 404", async () => {
    const path = `/api/refill/requests/${resources.me.requestId}/attachments/${resources.other.attachmentId}`;
    const response = await send(me.cookie, 'GET', path, {}, undefined);
    expect(response.status).toBe(404);
  });

  it("lists only the account's own rows", async () => {
    const lists = [
      '/api/refill/drums',
      '/api/refill/requests',
      '/api/spareparts/quotes',
      '/api/spareparts/equipment',
    ];
    const foreignIds = [
      ...other.drumIds,
      ...other.equipmentIds,
      resources.other.requestId,
      resources.other.quoteId,
      resources.other.attachmentId,
    ];
    for (const path of lists) {
      const text = await (await send(me.cookie, 'GET', path, {}, undefined)).text();
      for (const id of foreignIds) expect(text, path).not.toContain(id);
    }
  });
});

describe('suite 2 — CSRF on every state-changing endpoint', () => {
  // A machine's call carries no cookie and needs no Origin (bearer-access.test.ts shows it).
  const stateChanging = operations.filter(
    (operation) => stateChangingMethods.has(operation.method) && !operation.bearer,
  );
  const foreignOrigins = [
    undefined,
    'null',
    'https://evil.example',
    `${server.origin}.evil.example`,
    server.origin.replace('http://', 'https://'),
    server.origin.replace(/:\d+$/, ':1'),
  ];

  it.each(stateChanging.map((operation) => [operation.name, operation] as const))(
    '%s: 403 for a missing or foreign Origin, 415 for a form content type',
    async (_name, operation) => {
      await expectRefused(
        operation,
        foreignOrigins.map((origin) => () => {
          const example = examples[operation.name] ?? {};
          const headers = new Headers({
            'content-type': 'application/json',
            cookie: me.cookie,
            ...example.headers?.(),
          });
          if (origin) headers.set('origin', origin);
          return fetch(
            `${server.url}${fillPath(operation.path, example.params?.(resources.me) ?? {})}`,
            {
              method: operation.method,
              headers,
              body: JSON.stringify(example.body?.(resources.me, me) ?? {}),
            },
          );
        }),
        403,
        'request.forbidden_origin',
      );
      if (operation.method === 'DELETE') return;
      await expectRefused(
        operation,
        ['text/plain', 'application/x-www-form-urlencoded'].map(
          (type) => () => call(operation, me.cookie, { headers: { 'content-type': type } }),
        ),
        415,
        'request.unsupported_media_type',
      );
    },
  );
});

/** A signed-in user of `accountId` (null: none) with `role`, set before their first request. */
async function signInAs(email: string, accountId: string | null, role: Role): Promise<string> {
  const cookie = await signIn(server, email);
  await server.database.db.update(users).set({ accountId, role }).where(eq(users.email, email));
  return cookie;
}

describe('suite 2 — session cookie and its life', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, 30 days, not Secure over http, and cleared on sign-out', async () => {
    await server.request('/api/users/signup', { json: { email: 'flags@example.com' } });
    const [link] = await server.linksFor('flags@example.com');
    const signedIn = await server.request('/api/users/signin', { json: { hash: tokenOf(link!) } });
    const header = signedIn.headers.getSetCookie().find((value) => value.startsWith('session='))!;
    const attributes = header.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes).not.toContain('secure');
    const expires = new Date(attributes.find((part) => part.startsWith('expires='))!.slice(8));
    expect(expires.getTime() - time.clock().getTime()).toBe(30 * 24 * 3600_000);
    // The cookie is a random token; only its hash is stored.
    const token = header.split(';')[0]!.split('=')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await rows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    expect(stored[0]?.n).toBe(0);

    const signedOut = await server.request('/api/users/signout', {
      json: {},
      headers: { cookie: sessionCookie(signedIn) },
    });
    const cleared = signedOut.headers.getSetCookie().join(';').toLowerCase();
    expect(cleared).toMatch(/session=;/);
    expect(cleared).toMatch(/expires=thu, 01 jan 1970/);
  });

  it('ends a session the browser already had when another user signs in (no fixation, no swap)', async () => {
    const victimCookie = await signIn(server, 'victim@example.com');
    await server.request('/api/users/signup', { json: { email: 'attacker@example.com' } });
    const [link] = await server.linksFor('attacker@example.com');
    const response = await server.request('/api/users/signin', {
      json: { hash: tokenOf(link!) },
      headers: { cookie: victimCookie },
    });
    expect(response.status).toBe(200);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(victimCookie);
    // The cookie set before this sign-in is not accepted after it.
    expect(
      (await server.request('/api/users/me', { headers: { cookie: victimCookie } })).status,
    ).toBe(401);
    const me = await server.request('/api/users/me', { headers: { cookie: fresh } });
    expect(((await me.json()) as { email: string }).email).toBe('attacker@example.com');
  });

  it('keeps other sessions of the same user when one signs out', async () => {
    const first = await signIn(server, 'two-devices@example.com');
    const second = await signIn(server, 'two-devices@example.com');
    await server.request('/api/users/signout', { json: {}, headers: { cookie: first } });
    expect((await server.request('/api/users/me', { headers: { cookie: first } })).status).toBe(
      401,
    );
    expect((await server.request('/api/users/me', { headers: { cookie: second } })).status).toBe(
      200,
    );
  });
});

describe('suite 2 — X-Forwarded-For', { timeout: 120_000 }, () => {
  async function signUpsFrom(env: Record<string, string>, forwardedFor: (i: number) => string) {
    const proxied = await startTestServer({
      env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '3', ...env },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await proxied.request('/api/users/signup', {
          json: { email: `xff${i}@example.com` },
          headers: { 'x-forwarded-for': forwardedFor(i) },
        });
        statuses.push(response.status);
      }
      return statuses;
    } finally {
      await proxied.close();
    }
  }

  it('is ignored without TRUST_PROXY: a client cannot pick its IP to dodge the per-IP limit', async () => {
    expect(await signUpsFrom({}, (i) => `198.51.100.${i}`)).toEqual([202, 202, 202, 429, 429]);
  });

  it('is believed with TRUST_PROXY=true: each forwarded client has its own limit', async () => {
    expect(await signUpsFrom({ TRUST_PROXY: 'true' }, (i) => `198.51.100.${i}`)).toEqual([
      202, 202, 202, 202, 202,
    ]);
    expect(await signUpsFrom({ TRUST_PROXY: 'true' }, () => '198.51.100.7')).toEqual([
      202, 202, 202, 429, 429,
    ]);
  });

  it('with the proxy addresses, takes the address the proxy saw, not one the client forged', async () => {
    // The proxy (127.0.0.1) appends the real client, 203.0.113.5, to whatever the client sent.
    expect(
      await signUpsFrom({ TRUST_PROXY: '127.0.0.1' }, (i) => `10.9.9.${i}, 203.0.113.5`),
    ).toEqual([202, 202, 202, 429, 429]);
  });
});
