import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, webhookMessages } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import {
  callMachine,
  createApiKey,
  createCustomer,
  createMember,
  createSiteWithDrum,
  drumsReadBy,
  type Customer,
} from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * Nobody raises their own rights, and a key or a webhook never sees more than the person who
 * made it, over HTTP: an admin limited to the North site cannot lift or widen their own limit,
 * nor give anyone more than they hold; a key they make reads and writes only North's drums, as
 * the portal shows them; their webhook hears only North's events; narrowing, demoting or
 * removing them narrows or stops what their key and webhook see at once.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let owner: Customer;
let limited: { id: string; cookie: string; email: string };
let north: { siteId: string; drumId: string };

const as = (cookie: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  server.request(path, { ...init, headers: { cookie } });

const machine = (key: string, method: string, path: string, body?: unknown) =>
  callMachine(server, key, method, path, body);
const keyDrums = (key: string) => drumsReadBy(server, key);

const portalDrums = async (cookie: string) =>
  ((await (await as(cookie, '/api/refill/drums')).json()) as { drums: Array<{ id: string }> }).drums
    .map((drum) => drum.id)
    .sort();

const reading = (key: string, drumSerial: string, remainingLength: number) =>
  machine(key, 'POST', '/api/v1/readings', {
    readings: [{ drumSerial, remainingLength, measuredAt: time.clock().toISOString() }],
  });

const answer = async (response: Response) => [
  response.status,
  ((await response.json()) as { message?: string }).message,
];

/** A key made by the limited admin, through the portal. */
async function limitedKey(scopes = ['drums:read', 'readings:write']) {
  const response = await as(limited.cookie, '/api/integration/api-keys', {
    json: { name: 'North counter', scopes },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

async function setLimited(fields: Partial<typeof users.$inferInsert>) {
  await server.database.db.update(users).set(fields).where(eq(users.id, limited.id));
}

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  owner = await createCustomer(server, 'scopeco');
  north = await createSiteWithDrum(server, owner, { name: 'North depot', serial: 'NORTH-1' });
  limited = await createMember(server, owner, {
    email: 'north-admin@example.com',
    role: 'admin',
    siteIds: [north.siteId],
  });
});
afterAll(() => server.close());

describe('an admin limited to one site', () => {
  it('cannot lift or widen their own limit, nor give anyone more than they hold', async () => {
    for (const json of [
      { role: 'admin', siteIds: null },
      { role: 'admin' },
      { role: 'admin', siteIds: [north.siteId, owner.siteId] },
    ]) {
      const self = await as(limited.cookie, `/api/team/members/${limited.id}`, {
        method: 'PATCH',
        json,
      });
      expect(await answer(self)).toEqual([403, 'auth.forbidden']);
    }
    const [me] = await server.database.db.select().from(users).where(eq(users.id, limited.id));
    expect(me?.siteIds).toEqual([north.siteId]);

    const invite = await as(limited.cookie, '/api/team/invitations', {
      json: { email: 'friend@example.com', role: 'admin', locale: 'en' },
    });
    expect(await answer(invite)).toEqual([403, 'auth.forbidden']);
    const owners = await as(limited.cookie, `/api/team/members/${owner.userId}`, {
      method: 'PATCH',
      json: { role: 'viewer', siteIds: [north.siteId] },
    });
    expect(await answer(owners)).toEqual([403, 'auth.forbidden']);
    const removeOwner = await as(limited.cookie, `/api/team/members/${owner.userId}`, {
      method: 'DELETE',
    });
    expect(await answer(removeOwner)).toEqual([403, 'auth.forbidden']);

    // Letting in someone who joined by the account's domain (every site, as a viewer) is giving.
    const [joiner] = await server.database.db
      .insert(users)
      .values({
        email: 'joiner@example.com',
        accountId: owner.accountId,
        role: 'viewer',
        pendingApprovalSince: time.clock(),
      })
      .returning();
    const approve = await as(limited.cookie, `/api/team/members/${joiner!.id}/approve`, {
      json: {},
    });
    expect(await answer(approve)).toEqual([403, 'auth.forbidden']);

    // Within their own site they still invite, and the account-wide admin still widens them.
    const withinScope = await as(limited.cookie, '/api/team/invitations', {
      json: {
        email: 'north-buyer@example.com',
        role: 'buyer',
        siteIds: [north.siteId],
        locale: 'en',
      },
    });
    expect(withinScope.status).toBe(201);
  });

  it('makes keys that read and write only their site’s drums, as the portal shows them', async () => {
    const key = await limitedKey();
    expect(await keyDrums(key)).toEqual([north.drumId]);
    expect(await keyDrums(key)).toEqual(await portalDrums(limited.cookie));
    const foreign = await reading(key, 'scopeco-1', 500);
    expect(await foreign.json()).toMatchObject({
      accepted: 0,
      results: [{ status: 'rejected', code: 'unknown_serial' }],
    });
    expect(await (await reading(key, 'NORTH-1', 650)).json()).toMatchObject({ accepted: 1 });

    // A LoRaWAN device mapped to another site's drum is, to this key, a device nobody mapped.
    const mapped = await as(owner.cookie, `/api/integration/drums/${owner.drumIds[0]}/device`, {
      method: 'PUT',
      json: { devEui: '70B3D57ED0051A2F' },
    });
    expect(mapped.status).toBe(200);
    const uplink = await machine(key, 'POST', '/api/v1/ingest/lorawan', {
      end_device_ids: { device_id: 'counter-1', dev_eui: '70B3D57ED0051A2F' },
      received_at: time.clock().toISOString(),
      uplink_message: { f_cnt: 1, decoded_payload: { remainingLength: 300 } },
    });
    expect([uplink.status, await uplink.json()]).toEqual([202, { status: 'unmapped' }]);

    // The account-wide owner's key still reads every drum.
    const ownerKey = (await createApiKey(server, owner, ['drums:read'])).key;
    expect((await keyDrums(ownerKey)).sort()).toEqual(await portalDrums(owner.cookie));
    expect(await keyDrums(ownerKey)).toHaveLength(3);
  });

  it('makes webhooks that hear only their site’s events', async () => {
    const hook = await as(limited.cookie, '/api/integration/webhooks', {
      json: { url: 'https://receiver.example/north', events: ['drum.low', 'drum.critical'] },
    });
    expect(hook.status).toBe(201);
    const { endpoint } = (await hook.json()) as { endpoint: { id: string } };
    const ownerKey = (await createApiKey(server, owner, ['readings:write'])).key;
    const heard = async () =>
      (
        await server.database.db
          .select({ body: webhookMessages.body })
          .from(webhookMessages)
          .where(eq(webhookMessages.endpointId, endpoint.id))
      ).map((message) => (JSON.parse(message.body) as { data: { serial: string } }).data.serial);

    expect(await (await reading(ownerKey, 'scopeco-2', 10)).json()).toMatchObject({ accepted: 1 });
    expect(await heard()).toEqual([]);
    expect(await (await reading(ownerKey, 'NORTH-1', 10)).json()).toMatchObject({ accepted: 1 });
    expect(await heard()).toEqual(['NORTH-1']);

    // Once its maker leaves the account, the endpoint hears nothing more.
    await setLimited({ accountId: null });
    time.advance(60);
    await reading(ownerKey, 'NORTH-1', 1000);
    await reading(ownerKey, 'NORTH-1', 10);
    expect(await heard()).toEqual(['NORTH-1']);
    await setLimited({ accountId: owner.accountId });
  });

  it('narrows or stops their keys at once when they are narrowed, demoted, suspended or removed', async () => {
    const key = await limitedKey();
    await setLimited({ siteIds: [] });
    expect(await keyDrums(key)).toEqual([]);
    await setLimited({ siteIds: [north.siteId], role: 'viewer' });
    expect(await keyDrums(key)).toEqual([north.drumId]);
    expect(await answer(await reading(key, 'NORTH-1', 640))).toEqual([403, 'auth.forbidden']);
    await setLimited({ role: 'admin', suspendedAt: time.clock() });
    expect(await answer(await machine(key, 'GET', '/api/v1/drums'))).toEqual([
      401,
      'auth.unauthenticated',
    ]);
    await setLimited({ suspendedAt: null });
    expect(await keyDrums(key)).toEqual([north.drumId]);
    const removed = await as(owner.cookie, `/api/team/members/${limited.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    expect(await answer(await machine(key, 'GET', '/api/v1/drums'))).toEqual([
      401,
      'auth.unauthenticated',
    ]);
  });
});
