import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@portal/contract';
import { readings } from '../../src/db/schema';
import { createFakeClock } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import { createApiKey, createCustomer, databaseFingerprint, type Customer } from './fixtures';
import { fillPath, listOperations, type Operation } from './openapi-operations';
import { examples, machineKey, scopeByOperation, type Resources } from './operation-examples';

/**
 * Suite 2 for the machines' operations (/api/v1, its own OpenAPI document): a bearer key opens
 * them, nothing else does. No key, a malformed, wrong or revoked one, another scheme or a session
 * cookie → 401; a key without the operation's scope → 403; none of them writes anything. With
 * the right key, no Origin is needed; another account's drums are never revealed nor written.
 */

const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
const server: TestServer = await startTestServer({
  clock: time.clock,
  env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000', RATE_LIMIT_API_KEY_PER_MINUTE: '1000000' },
});
const operations = (await listOperations(server)).filter((operation) => operation.bearer);

let me: Customer;
let other: Customer;
let revokedKey: string;
const keysByScope: Record<string, string> = {};
const noResources = {} as Resources;

function call(
  operation: Operation,
  headers: Record<string, string>,
  { customer = me, withKey = true }: { customer?: Customer; withKey?: boolean } = {},
) {
  const example = examples[operation.name] ?? {};
  const all = new Headers(withKey ? example.headers?.() : {});
  if (!withKey) all.delete('authorization');
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  const body = example.body?.(noResources, customer);
  if (body !== undefined) all.set('content-type', 'application/json');
  const query = example.query?.(noResources) ?? [];
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  return fetch(`${server.url}${fillPath(operation.path, {})}${search}`, {
    method: operation.method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function expectRefused(
  operation: Operation,
  attempts: Array<() => Promise<Response>>,
  status: number,
  code: string,
) {
  const before = await databaseFingerprint(server.database.db);
  for (const attempt of attempts) {
    const response = await attempt();
    const body: unknown = await response.json();
    expect(response.status, `${operation.name}: ${JSON.stringify(body)}`).toBe(status);
    expect(isApiError(body) && body.message, operation.name).toBe(code);
    expect(response.headers.get('www-authenticate'), operation.name).toMatch(/^Bearer/);
    expect(response.headers.getSetCookie(), operation.name).toEqual([]);
  }
  expect(await databaseFingerprint(server.database.db), operation.name).toEqual(before);
}

beforeAll(async () => {
  me = await createCustomer(server, 'machine');
  other = await createCustomer(server, 'stranger');
  machineKey.key = (await createApiKey(server, me)).key;
  keysByScope['readings:write'] = (await createApiKey(server, me, ['readings:write'])).key;
  keysByScope['drums:read'] = (await createApiKey(server, me, ['drums:read'])).key;
  const revoked = await createApiKey(server, me);
  await server.request(`/api/integration/api-keys/${revoked.id}`, {
    method: 'DELETE',
    headers: { cookie: me.cookie },
  });
  revokedKey = revoked.key;
});
afterAll(() => server.close());

describe('suite 2 — bearer keys on every machine operation', () => {
  it('knows every machine operation: its scope and an example request', () => {
    expect(operations.length).toBeGreaterThanOrEqual(3);
    const unclassified = operations.filter(
      (operation) => !scopeByOperation[operation.name] || !examples[operation.name],
    );
    // A new /api/v1 endpoint lands here: give it its scope and a valid request.
    expect(unclassified.map((operation) => operation.name)).toEqual([]);
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    '%s: 401 without a valid key, whatever else the request carries',
    async (_name, operation) => {
      const wrong = `${machineKey.key.slice(0, 12)}${'A'.repeat(43 - 8)}`;
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Bearer not-a-key' },
        { authorization: `Bearer ${wrong}` },
        { authorization: `Bearer ${revokedKey}` },
        { authorization: `Basic ${Buffer.from(`x:${machineKey.key}`).toString('base64')}` },
        { authorization: machineKey.key },
        // A session opens the portal's API, never the machines'.
        { cookie: me.cookie, origin: server.origin },
      ];
      await expectRefused(
        operation,
        attempts.map((headers) => () => call(operation, headers, { withKey: false })),
        401,
        'auth.unauthenticated',
      );
    },
  );

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    '%s: 403 with a key without its scope, let through with it, without any Origin',
    async (_name, operation) => {
      const scope = scopeByOperation[operation.name]!;
      const without = Object.entries(keysByScope).find(([other]) => other !== scope)![1];
      await expectRefused(
        operation,
        [() => call(operation, { authorization: `Bearer ${without}` })],
        403,
        'auth.forbidden',
      );
      for (const key of [keysByScope[scope]!, machineKey.key]) {
        const allowed = await call(operation, { authorization: `Bearer ${key}` });
        expect(allowed.status, `${operation.name}: ${await allowed.text()}`).toBeLessThan(300);
        expect(allowed.headers.get('cache-control'), operation.name).toContain('no-store');
      }
    },
  );

  it("never reveals nor writes another account's drums", async () => {
    const foreignBefore = await server.database.db
      .select()
      .from(readings)
      .where(inArray(readings.drumId, other.drumIds));
    const batch = await call(
      operations.find((operation) => operation.name === 'POST /api/v1/readings')!,
      {},
      { customer: other },
    );
    expect(await batch.json()).toMatchObject({
      accepted: 0,
      results: [{ status: 'rejected', code: 'unknown_serial' }],
    });
    const list = await (
      await call(
        operations.find((operation) => operation.name === 'GET /api/v1/drums')!,
        {},
      )
    ).text();
    for (const id of other.drumIds) expect(list).not.toContain(id);
    expect(list).not.toContain('stranger-');

    // A device the other account mapped is, to this account, a device nobody mapped.
    await server.request(`/api/integration/drums/${other.drumIds[0]}/device`, {
      method: 'PUT',
      headers: { cookie: other.cookie },
      json: { devEui: '70B3D57ED0051A2F' },
    });
    const uplink = await call(
      operations.find((operation) => operation.name === 'POST /api/v1/ingest/lorawan')!,
      {},
    );
    expect(uplink.status).toBe(202);
    expect(await uplink.json()).toEqual({ status: 'unmapped' });
    const foreignAfter = await server.database.db
      .select()
      .from(readings)
      .where(inArray(readings.drumId, other.drumIds));
    expect(foreignAfter).toEqual(foreignBefore);
  });
});
