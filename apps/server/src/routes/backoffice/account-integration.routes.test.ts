import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  createCustomer,
  databaseFingerprint,
  signIn,
  type Customer,
} from '../../../test/reliability/fixtures';

/**
 * Any account's machine integration over HTTP, on the provider's side: a manager lists, creates
 * and revokes an account's API keys and maps its devices, with the services its admin uses; the
 * key made by staff sends readings for that account; an agent reads but changes nothing; a
 * customer is refused even on their own account; another account's key or drum is a 404; each
 * change is in the account's audit trail under the staff member's address.
 */
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let acme: Customer;
let rival: Customer;
let manager: string;
let agent: string;

async function staff(email: string, role: 'manager' | 'agent') {
  const cookie = await signIn(server, email);
  await server.database.db.update(users).set({ role }).where(eq(users.email, email));
  return cookie;
}

const as = (
  cookie: string,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<Response> => {
  time.advance(1);
  return server.request(path, { ...init, headers: { cookie } });
};

const codeOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

const keysOf = (accountId: string) => `/api/backoffice/accounts/${accountId}/api-keys`;

async function staffKey(accountId: string, name: string, scopes: string[]) {
  const response = await as(manager, keysOf(accountId), { json: { name, scopes } });
  expect(response.status).toBe(201);
  return (await response.json()) as { apiKey: { id: string; prefix: string }; key: string };
}

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  acme = await createCustomer(server, 'intacme');
  rival = await createCustomer(server, 'intrival');
  manager = await staff('boss@provider.example', 'manager');
  agent = await staff('agent@provider.example', 'agent');
});
afterAll(() => server.close());

describe("staff and an account's API keys", () => {
  it('creates a key the account admin then sees, which sends readings for that account', async () => {
    const created = await staffKey(acme.accountId, 'Line 3 gateway', ['readings:write']);
    expect(created.key).toMatch(/^cpk_/);
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);

    // The admin's own list holds it: one service, two doors.
    const mine = await as(acme.cookie, '/api/integration/api-keys');
    expect(((await mine.json()) as { apiKeys: Array<{ id: string }> }).apiKeys).toContainEqual(
      expect.objectContaining({ id: created.apiKey.id, name: 'Line 3 gateway' }),
    );

    const reading = await fetch(`${server.url}/api/v1/readings`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${created.key}`,
        'content-type': 'application/json',
        'idempotency-key': 'staff-key-1',
      },
      body: JSON.stringify({
        readings: [
          { drumSerial: 'intacme-1', remainingLength: 600, measuredAt: '2026-11-23T08:00:00Z' },
        ],
      }),
    });
    expect(reading.status).toBe(200);
    expect(await reading.json()).toMatchObject({ accepted: 1, rejected: 0 });
  });

  it('lists the keys of the account the path names, newest first, never the key itself', async () => {
    await staffKey(acme.accountId, 'ERP', ['drums:read']);
    const response = await as(agent, `${keysOf(acme.accountId)}?limit=1`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      apiKeys: Array<Record<string, unknown>>;
      nextOffset: number | null;
    };
    expect(body.apiKeys).toEqual([
      expect.objectContaining({ name: 'ERP', scopes: ['drums:read'], revokedAt: null }),
    ]);
    expect(body.nextOffset).toBe(1);
    expect(JSON.stringify(body)).not.toContain('keyHash');
    const rivals = await as(agent, keysOf(rival.accountId));
    expect(((await rivals.json()) as { apiKeys: unknown[] }).apiKeys).toEqual([]);
  });

  it('revokes a key: the next call with it is refused, and revoking again is no error', async () => {
    const created = await staffKey(acme.accountId, 'Old gateway', ['drums:read']);
    const revoke = () =>
      as(manager, `${keysOf(acme.accountId)}/${created.apiKey.id}`, { method: 'DELETE' });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(204);
    const call = await fetch(`${server.url}/api/v1/drums`, {
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(call.status).toBe(401);
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetId, created.apiKey.id),
          eq(auditEvents.action, 'integration.api_key_revoked'),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('writes creations and revocations to the account audit trail, with the staff address', async () => {
    const created = await staffKey(acme.accountId, 'Audited', ['readings:write', 'drums:read']);
    await as(manager, `${keysOf(acme.accountId)}/${created.apiKey.id}`, { method: 'DELETE' });
    const trail = await as(manager, `/api/backoffice/accounts/audit?accountId=${acme.accountId}`);
    const events = ((await trail.json()) as { events: Array<Record<string, unknown>> }).events;
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'integration.api_key_revoked',
        actor: 'boss@provider.example',
        target: `Audited (${created.apiKey.prefix}…)`,
      }),
      expect.objectContaining({
        action: 'integration.api_key_created',
        actor: 'boss@provider.example',
        after: { scopes: ['readings:write', 'drums:read'] },
      }),
    ]);
  });

  it("answers 404 for another account's key, an unknown account, and writes nothing", async () => {
    const rivalKey = await staffKey(rival.accountId, 'Rival key', ['drums:read']);
    const before = await databaseFingerprint(server.database.db);
    const crossed = await as(manager, `${keysOf(acme.accountId)}/${rivalKey.apiKey.id}`, {
      method: 'DELETE',
    });
    expect(crossed.status).toBe(404);
    expect(await codeOf(crossed)).toBe('request.not_found');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await as(agent, keysOf(unknown)),
      await as(agent, `/api/backoffice/accounts/${unknown}/devices`),
      await as(manager, keysOf(unknown), { json: { name: 'Ghost', scopes: ['drums:read'] } }),
    ]) {
      expect(response.status).toBe(404);
      expect(await codeOf(response)).toBe('request.not_found');
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('refuses bad input with the field named, never a 5xx', async () => {
    for (const json of [
      { name: '', scopes: ['drums:read'] },
      { name: 'No scope', scopes: [] },
      { name: 'Bad scope', scopes: ['admin'] },
      { name: 'Twice', scopes: ['drums:read', 'drums:read'] },
      { scopes: ['drums:read'] },
    ]) {
      const response = await as(manager, keysOf(acme.accountId), { json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
    const notAnId = await as(agent, '/api/backoffice/accounts/not-an-id/api-keys');
    expect(notAnId.status).toBe(400);
  });
});

describe("staff and an account's LoRaWAN devices", () => {
  const deviceOf = (accountId: string, drumId: string) =>
    `/api/backoffice/accounts/${accountId}/drums/${drumId}/device`;

  it('maps a device to a drum, lists it, clears it; each change audited once', async () => {
    const drumId = acme.drumIds[0]!;
    const mapped = await as(manager, deviceOf(acme.accountId, drumId), {
      method: 'PUT',
      json: { devEui: '70b3d57ed0051a2f' },
    });
    expect(mapped.status).toBe(200);
    expect(await mapped.json()).toEqual({ drumId, devEui: '70B3D57ED0051A2F' });
    // The same again changes nothing, and is not audited twice.
    await as(manager, deviceOf(acme.accountId, drumId), {
      method: 'PUT',
      json: { devEui: '70B3D57ED0051A2F' },
    });

    const list = await as(agent, `/api/backoffice/accounts/${acme.accountId}/devices`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { devices: unknown[] }).devices).toEqual([
      expect.objectContaining({
        devEui: '70B3D57ED0051A2F',
        drum: { id: drumId, serial: 'intacme-1' },
      }),
    ]);

    const cleared = await as(manager, deviceOf(acme.accountId, drumId), {
      method: 'PUT',
      json: { devEui: null },
    });
    expect(cleared.status).toBe(200);
    const afterClear = await as(agent, `/api/backoffice/accounts/${acme.accountId}/devices`);
    expect(((await afterClear.json()) as { devices: unknown[] }).devices).toEqual([
      expect.objectContaining({ devEui: '70B3D57ED0051A2F', drum: null }),
    ]);

    const audit = await server.database.db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetId, drumId), eq(auditEvents.action, 'integration.device_mapped')),
      )
      .orderBy(auditEvents.at);
    expect(audit).toEqual([
      { before: { devEui: null }, after: { devEui: '70B3D57ED0051A2F' } },
      { before: { devEui: '70B3D57ED0051A2F' }, after: { devEui: null } },
    ]);
  });

  it("answers 404 for another account's drum and 400 for an EUI that is not 16 hex digits", async () => {
    const crossed = await as(manager, deviceOf(acme.accountId, rival.drumIds[0]!), {
      method: 'PUT',
      json: { devEui: '70B3D57ED0051A30' },
    });
    expect(crossed.status).toBe(404);
    for (const devEui of ['70B3', 'ZZB3D57ED0051A30', 42]) {
      const response = await as(manager, deviceOf(acme.accountId, acme.drumIds[0]!), {
        method: 'PUT',
        json: { devEui },
      });
      expect(response.status).toBe(400);
    }
  });
});

describe('who may', () => {
  it('lets an agent read but not change; refuses customers, even on their own account', async () => {
    const writes = [
      () => as(agent, keysOf(acme.accountId), { json: { name: 'No', scopes: ['drums:read'] } }),
      () =>
        as(agent, `/api/backoffice/accounts/${acme.accountId}/drums/${acme.drumIds[0]}/device`, {
          method: 'PUT',
          json: { devEui: null },
        }),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.status).toBe(403);
      expect(await codeOf(response)).toBe('auth.forbidden');
    }
    for (const path of [
      keysOf(acme.accountId),
      `/api/backoffice/accounts/${acme.accountId}/devices`,
    ]) {
      const response = await as(acme.cookie, path);
      expect(response.status).toBe(403);
    }
    const customerWrite = await as(acme.cookie, keysOf(acme.accountId), {
      json: { name: 'Mine', scopes: ['drums:read'] },
    });
    expect(customerWrite.status).toBe(403);
    const noSession = await server.request(keysOf(acme.accountId));
    expect(noSession.status).toBe(401);
  });
});
