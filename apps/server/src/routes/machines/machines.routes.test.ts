import { readFileSync } from 'node:fs';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LorawanUplinkInput, MachineReadingInput } from '@portal/contract/machine-api/v1';
import { alerts, apiKeys, mailOutbox, readings, sensorDevices } from '../../db/schema';
import { runAdminCommand } from '../../cli/admin-commands';
import { workspacePath } from '../../config/paths';
import { createFakeClock } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import {
  machineClient,
  type MachineClient,
  type MachineDocument,
} from '../../../test/machine-api/client';
import {
  createCustomer,
  databaseFingerprint,
  type Customer,
} from '../../../test/reliability/fixtures';

/**
 * The machines' API over HTTP: keys made by an account's user, readings by the batch and by a
 * LoRaWAN uplink, the account's drums; what a wrong, revoked or unscoped key gets; idempotency.
 * Calls go through the client typed from the machines' document, which also fails any answer the
 * document does not describe (test/machine-api/client.ts).
 */

const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let server: TestServer;
let me: Customer;
let other: Customer;
let writeKey: string;
let readKey: string;
let machineDocument: MachineDocument;

/** The typed client of /api/v1 with `key` (none: no Authorization header). */
const api = (key?: string, on: TestServer = server): MachineClient =>
  machineClient(on.url, machineDocument, key);

const uplinkSample = JSON.parse(
  readFileSync(workspacePath('apps/server/test/fixtures/lorawan/tts-uplink.json'), 'utf8'),
) as LorawanUplinkInput;

async function createKey(customer: Customer, scopes: string[], name = 'Gateway') {
  const response = await server.request('/api/integration/api-keys', {
    headers: { cookie: customer.cookie },
    json: { name, scopes },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { apiKey: { id: string; prefix: string }; key: string };
}

/** A machine's call the document has no words for (another route, another spelling of a path). */
function machine(
  path: string,
  key: string | undefined,
  init: { json?: unknown; headers?: Record<string, string>; method?: string } = {},
) {
  const headers = new Headers(init.headers);
  if (key !== undefined) headers.set('authorization', `Bearer ${key}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

const reading = (overrides: Partial<MachineReadingInput> = {}): MachineReadingInput => ({
  drumSerial: 'mach-1',
  remainingLength: 700,
  measuredAt: '2026-11-23T08:00:00Z',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  me = await createCustomer(server, 'mach');
  other = await createCustomer(server, 'rival');
  writeKey = (await createKey(me, ['readings:write'])).key;
  readKey = (await createKey(me, ['drums:read'])).key;
  machineDocument = (await (
    await fetch(`${server.url}/api/v1/openapi.json`)
  ).json()) as MachineDocument;
});
afterAll(() => server.close());

describe('API keys of an account', () => {
  it('shows the key once, stores only its hash, lists its prefix and scopes', async () => {
    const created = await createKey(me, ['readings:write', 'drums:read'], 'ERP');
    expect(created.key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey.prefix).toBe(created.key.slice(0, 12));
    const [row] = await server.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, created.apiKey.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    const list = await server.request('/api/integration/api-keys', {
      headers: { cookie: me.cookie },
    });
    const text = await list.text();
    expect(text).toContain(created.apiKey.prefix);
    expect(text).not.toContain(created.key);
    const body = JSON.parse(text) as { apiKeys: Array<{ name: string; scopes: string[] }> };
    expect(body.apiKeys.find((key) => key.name === 'ERP')?.scopes).toEqual([
      'readings:write',
      'drums:read',
    ]);
  });

  it('notes the last use of a key that worked, and revokes a key at once', async () => {
    const created = await createKey(me, ['drums:read'], 'To revoke');
    expect((await api(created.key).GET('/api/v1/drums')).response.status).toBe(200);
    const [used] = await server.database.db
      .select({ lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.id, created.apiKey.id));
    expect(used?.lastUsedAt?.toISOString()).toBe(time.clock().toISOString());

    const revoked = await server.request(`/api/integration/api-keys/${created.apiKey.id}`, {
      method: 'DELETE',
      headers: { cookie: me.cookie },
    });
    expect(revoked.status).toBe(204);
    expect((await api(created.key).GET('/api/v1/drums')).response.status).toBe(401);
    // Another account cannot revoke (or learn of) this account's key.
    const foreign = await server.request(`/api/integration/api-keys/${created.apiKey.id}`, {
      method: 'DELETE',
      headers: { cookie: other.cookie },
    });
    expect(foreign.status).toBe(404);
  });

  it('holds at most 50 active keys an account: the 51st is a 409, revoking one makes room', async () => {
    const active = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.accountId, other.accountId), isNull(apiKeys.revokedAt)))
      )[0]!.n;
    const ids: string[] = [];
    while ((await active()) < 50)
      ids.push((await createKey(other, ['drums:read'], 'Filler')).apiKey.id);
    const refused = await server.request('/api/integration/api-keys', {
      headers: { cookie: other.cookie },
      json: { name: 'One too many', scopes: ['drums:read'] },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'integration.too_many_api_keys' });
    await server.request(`/api/integration/api-keys/${ids[0]}`, {
      method: 'DELETE',
      headers: { cookie: other.cookie },
    });
    ids.push((await createKey(other, ['drums:read'], 'Now there is room')).apiKey.id);
    for (const id of ids) {
      await server.request(`/api/integration/api-keys/${id}`, {
        method: 'DELETE',
        headers: { cookie: other.cookie },
      });
    }
  });

  it('is made from the command line too: the key alone on the last line', async () => {
    const output = await runAdminCommand(server.database.db, [
      'create-api-key',
      'mach Ltd',
      '--scope',
      'drums:read',
    ]);
    const key = output.split('\n').at(-1)!;
    expect(key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    const { response } = await api(key).GET('/api/v1/drums');
    expect(response.status).toBe(200);
    await expect(
      runAdminCommand(server.database.db, ['create-api-key', 'nobody', '--scope', 'drums:read']),
    ).rejects.toThrow(/No single account/);
    await expect(
      runAdminCommand(server.database.db, ['create-api-key', me.accountId, '--scope', 'admin']),
    ).rejects.toThrow(/Unknown scope/);
  });
});

describe('bearer authentication of /api/v1', () => {
  it('answers 401 with WWW-Authenticate without a key, with a malformed, a wrong or a cookie', async () => {
    const wrong = `${writeKey.slice(0, 12)}${'A'.repeat(43 - 8)}`;
    for (const attempt of [
      () => api().GET('/api/v1/drums'),
      () => api('nonsense').GET('/api/v1/drums'),
      () => api(wrong).GET('/api/v1/drums'),
      () => api().GET('/api/v1/drums', { headers: { cookie: me.cookie } }),
      () => api(wrong).POST('/api/v1/readings', { body: { readings: [reading()] } }),
    ]) {
      const { response, error } = await attempt();
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(error).toEqual({ message: 'auth.unauthenticated' });
    }
  });

  it('answers 403 to a key without the scope, and writes nothing', async () => {
    const before = await databaseFingerprint(server.database.db);
    const write = await api(readKey).POST('/api/v1/readings', {
      body: { readings: [reading()] },
    });
    expect(write.response.status).toBe(403);
    expect(write.response.headers.get('www-authenticate')).toContain('insufficient_scope');
    expect(write.error).toEqual({ message: 'auth.forbidden' });
    const read = await api(writeKey).GET('/api/v1/drums');
    expect(read.response.status).toBe(403);
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('needs no Origin, sets no cookie, grants no CORS; a cookie brings the Origin rule back', async () => {
    const { response } = await api(writeKey).POST('/api/v1/readings', {
      body: { readings: [reading({ measuredAt: '2026-11-23T07:00:00Z' })] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('cache-control')).toContain('no-store');
    const preflight = await fetch(`${server.url}/api/v1/readings`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    const withCookie = await api(writeKey).POST('/api/v1/readings', {
      body: { readings: [reading()] },
      headers: { cookie: me.cookie },
    });
    expect(withCookie.response.status).toBe(403);
    expect(withCookie.error).toEqual({ message: 'request.forbidden_origin' });
  });

  it('leaves the Origin rule on every other route: a bearer key neither passes it nor opens a session', async () => {
    const path = `/api/refill/drums/${me.drumIds[0]}/readings`;
    const json = { remainingM: 10, readAt: '2026-11-23T08:00:00Z' };
    for (const spelling of [path, path.replace('/api/', '/%61pi/')]) {
      const response = await machine(spelling, writeKey, { json });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'request.forbidden_origin' });
    }
    const withOrigin = await machine(path, writeKey, { json, headers: { origin: server.origin } });
    expect(withOrigin.status).toBe(401);
  });

  it('treats every spelling of a machine route as that route', async () => {
    const response = await machine('/%61pi/v1/readings', writeKey, {
      json: { readings: [reading({ measuredAt: '2026-11-23T07:30:00Z' })] },
    });
    expect(response.status).toBe(200);
  });
});

describe('POST /api/v1/readings', () => {
  it('accepts or rejects each reading on its own; another account’s drum is an unknown serial', async () => {
    const { response, data: body } = await api(writeKey).POST('/api/v1/readings', {
      body: {
        readings: [
          reading({ battery: 81, signal: -97 }),
          reading({ drumSerial: 'mach-2', remainingLength: undefined, remainingPercent: 55.5 }),
          reading({ drumSerial: 'nope-1' }),
          reading({ drumSerial: 'rival-1' }),
          reading({ measuredAt: '2026-11-23T10:00:00Z' }),
          reading({ remainingLength: 1000.5 }),
          reading({ measuredAt: '2026-01-01T00:00:00Z' }),
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(body?.accepted).toBe(2);
    expect(body?.rejected).toBe(5);
    expect(body?.results.map((result) => result.code ?? result.status)).toEqual([
      'accepted',
      'accepted',
      'unknown_serial',
      'unknown_serial',
      'in_the_future',
      'above_drum_length',
      'before_installation',
    ]);
    const [first] = await server.database.db
      .select()
      .from(readings)
      .where(eq(readings.id, body!.results[0]!.readingId!));
    expect(first).toMatchObject({
      source: 'sensor',
      remainingM: 700,
      batteryPct: 81,
      signalDbm: -97,
    });
    const [second] = await server.database.db
      .select()
      .from(readings)
      .where(eq(readings.id, body!.results[1]!.readingId!));
    expect(second?.remainingM).toBe(555);
    // Nothing was written on the other account's drum.
    const rivalReadings = await server.database.db
      .select()
      .from(readings)
      .where(eq(readings.drumId, other.drumIds[0]!));
    expect(rivalReadings).toHaveLength(1);
  });

  it('raises the alert and queues its mail as a manual reading does, once', async () => {
    const low = {
      readings: [
        reading({ drumSerial: 'mach-2', remainingLength: 150, measuredAt: '2026-11-23T08:50:00Z' }),
      ],
    };
    expect((await api(writeKey).POST('/api/v1/readings', { body: low })).response.status).toBe(200);
    const lower = {
      readings: [
        reading({ drumSerial: 'mach-2', remainingLength: 140, measuredAt: '2026-11-23T08:55:00Z' }),
      ],
    };
    expect((await api(writeKey).POST('/api/v1/readings', { body: lower })).response.status).toBe(
      200,
    );
    const active = await server.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.drumId, me.drumIds[1]!));
    expect(active.map((alert) => [alert.level, alert.resolvedAt])).toEqual([['low', null]]);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'drum_alert'), eq(mailOutbox.toAddress, me.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('mach-2');
  });

  it('answers a replay with the first result; the same key with another body is a 422', async () => {
    const body = {
      readings: [reading({ measuredAt: '2026-11-23T06:00:00Z', remainingLength: 650 })],
    };
    const params = { header: { 'idempotency-key': 'batch-0001' } };
    const first = await api(writeKey).POST('/api/v1/readings', { body, params });
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    const count = async () => (await server.database.db.select().from(readings)).length;
    const before = await count();
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => api(writeKey).POST('/api/v1/readings', { body, params })),
    );
    for (const replay of replays) {
      expect(replay.response.status).toBe(200);
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.data).toEqual(first.data);
    }
    expect(await count()).toBe(before);
    const changed = await api(writeKey).POST('/api/v1/readings', {
      body: { readings: [reading({ remainingLength: 640 })] },
      params,
    });
    expect(changed.response.status).toBe(422);
    expect(changed.error).toEqual({ message: 'request.idempotency_mismatch' });
    expect(await count()).toBe(before);
  });

  it('refuses a batch of 1,001, an empty one, malformed JSON and a reading with both or neither quantity', async () => {
    const many = Array.from({ length: 1001 }, () => reading());
    const cases: Array<[RequestInit['body'], number]> = [
      [JSON.stringify({ readings: many }), 400],
      [JSON.stringify({ readings: [] }), 400],
      ['{"readings": [', 400],
      [JSON.stringify({ readings: [reading({ remainingPercent: 10 })] }), 400],
      [JSON.stringify({ readings: [reading({ remainingLength: undefined })] }), 400],
    ];
    const before = await databaseFingerprint(server.database.db);
    for (const [body, status] of cases) {
      const response = await fetch(`${server.url}/api/v1/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(status);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('refuses a body over its limit with 413, writing nothing: 1 MiB of readings, 128 KiB of uplink', async () => {
    const before = await databaseFingerprint(server.database.db);
    for (const [path, size] of [
      ['/api/v1/readings', 1024 * 1024],
      ['/api/v1/ingest/lorawan', 128 * 1024],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(size) }),
      });
      expect(response.status, path).toBe(413);
      expect(await response.json()).toEqual({ message: 'request.too_large' });
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
  });

  it('takes 1,000 readings in one call', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) =>
      reading({
        drumSerial: i % 2 ? 'mach-1' : 'mach-2',
        remainingLength: 900 - i * 0.1,
        measuredAt: new Date(Date.parse('2026-11-22T00:00:00Z') + i * 1000).toISOString(),
      }),
    );
    const { response, data } = await api(writeKey).POST('/api/v1/readings', {
      body: { readings: batch },
    });
    expect(response.status).toBe(200);
    expect(data?.accepted).toBe(1000);
  });
});

describe('GET /api/v1/drums', () => {
  it("lists the account's drums with their latest reading, never another account's", async () => {
    const { response, data: body } = await api(readKey).GET('/api/v1/drums');
    expect(response.status).toBe(200);
    expect(body?.drums.map((drum) => drum.serial)).toEqual(['mach-1', 'mach-2']);
    expect(body?.drums[1]!.lastReading).toMatchObject({ source: 'sensor', remainingLength: 140 });
    expect(body?.nextOffset).toBeNull();
    const { data: paged } = await api(readKey).GET('/api/v1/drums', {
      params: { query: { limit: 1 } },
    });
    expect(paged?.drums).toHaveLength(1);
    expect(paged?.nextOffset).toBe(1);
  });
});

describe("the document's bounds", () => {
  /** A bound as the machines' document states it (the JSON Schema of a query or a body). */
  const documented = () => {
    const drums = machineDocument.paths['/api/v1/drums']!.get! as unknown as {
      parameters: Array<{ name: string; schema: { maximum: number; minimum: number } }>;
    };
    const limit = drums.parameters.find((parameter) => parameter.name === 'limit')!.schema;
    const batch = machineDocument.components.schemas.ReadingBatchInput as {
      properties: { readings: { maxItems: number; minItems: number } };
    };
    return { limit, readings: batch.properties.readings };
  };

  it('are what the server enforces: the largest page and batch pass, one more is refused', async () => {
    const { limit, readings: batchBounds } = documented();
    expect(limit.maximum).toBe(200);
    const largest = await api(readKey).GET('/api/v1/drums', {
      params: { query: { limit: limit.maximum } },
    });
    expect(largest.response.status).toBe(200);
    const tooLarge = await api(readKey).GET('/api/v1/drums', {
      params: { query: { limit: limit.maximum + 1 } },
    });
    expect(tooLarge.response.status).toBe(400);
    expect(tooLarge.error).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'limit', errorCode: 'field.page_too_large' }],
    });
    const tooSmall = await api(readKey).GET('/api/v1/drums', {
      params: { query: { limit: limit.minimum - 1 } },
    });
    expect(tooSmall.response.status).toBe(400);

    const readingCount = async () => (await server.database.db.select().from(readings)).length;
    const before = await readingCount();
    const batchOf = (size: number) =>
      api(writeKey).POST('/api/v1/readings', {
        body: { readings: Array.from({ length: size }, () => reading({ drumSerial: 'nope-9' })) },
      });
    const overBatch = await batchOf(batchBounds.maxItems + 1);
    expect(overBatch.response.status).toBe(400);
    expect(overBatch.error).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'readings', errorCode: 'field.too_long' }],
    });
    expect((await batchOf(batchBounds.minItems - 1)).response.status).toBe(400);
    const largestBatch = await batchOf(batchBounds.maxItems);
    expect(largestBatch.response.status).toBe(200);
    expect(largestBatch.data?.rejected).toBe(batchBounds.maxItems);
    // Refused calls and rejected readings write no reading.
    expect(await readingCount()).toBe(before);
  });
});

describe('POST /api/v1/ingest/lorawan', () => {
  it('keeps an unknown device in the list, then records its readings once mapped to a drum', async () => {
    const devEui = uplinkSample.end_device_ids.dev_eui;
    const unknown = await api(writeKey).POST('/api/v1/ingest/lorawan', { body: uplinkSample });
    expect(unknown.response.status).toBe(202);
    expect(unknown.data).toEqual({ status: 'unmapped' });
    const listed = (await (
      await server.request('/api/integration/devices', { headers: { cookie: me.cookie } })
    ).json()) as { devices: Array<{ devEui: string; drum: unknown; uplinks: number }> };
    expect(listed.devices).toEqual([
      expect.objectContaining({
        devEui,
        drum: null,
        uplinks: 1,
        lastSeenAt: '2026-11-23T08:42:17.318Z',
      }),
    ]);

    // Another account cannot map a device to this account's drum.
    const foreign = await server.request(`/api/integration/drums/${me.drumIds[0]}/device`, {
      method: 'PUT',
      headers: { cookie: other.cookie },
      json: { devEui },
    });
    expect(foreign.status).toBe(404);
    const mapped = await server.request(`/api/integration/drums/${me.drumIds[0]}/device`, {
      method: 'PUT',
      headers: { cookie: me.cookie },
      json: { devEui: devEui.toLowerCase() },
    });
    expect(mapped.status).toBe(200);
    expect(await mapped.json()).toEqual({ drumId: me.drumIds[0], devEui });

    const recorded = await api(writeKey).POST('/api/v1/ingest/lorawan', { body: uplinkSample });
    expect(recorded.response.status).toBe(200);
    const answer = recorded.data!;
    expect(answer.status).toBe('accepted');
    const [row] = await server.database.db
      .select()
      .from(readings)
      .where(eq(readings.id, answer.readingId!));
    expect(row).toMatchObject({
      drumId: me.drumIds[0],
      remainingM: 540,
      batteryPct: 87,
      signalDbm: -97,
      source: 'sensor',
    });
    expect(row?.readAt.toISOString()).toBe('2026-11-23T08:42:17.318Z');
    // The network server's retry of the same uplink is the same reading.
    const retried = await api(writeKey).POST('/api/v1/ingest/lorawan', { body: uplinkSample });
    expect(retried.data).toEqual({ status: 'accepted', readingId: answer.readingId });
    const onDrum = await server.database.db
      .select()
      .from(readings)
      .where(eq(readings.drumId, me.drumIds[0]!));
    expect(onDrum.filter((reading) => reading.id === answer.readingId)).toHaveLength(1);
    expect(onDrum.filter((reading) => reading.remainingM === 540)).toHaveLength(1);
    const { data: drumsAnswer } = await api(readKey).GET('/api/v1/drums');
    expect(drumsAnswer?.drums.find((drum) => drum.serial === 'mach-1')?.devEui).toBe(devEui);

    // The same device heard by another account's network is that account's own unknown device.
    const rivalKey = (await createKey(other, ['readings:write'])).key;
    const rival = await api(rivalKey).POST('/api/v1/ingest/lorawan', { body: uplinkSample });
    expect(rival.response.status).toBe(202);
  });

  it('answers an uplink without a reading in its payload, and refuses one without a device EUI', async () => {
    const noReading = structuredClone(uplinkSample);
    noReading.uplink_message.decoded_payload = { battery: 80 };
    const { response, data } = await api(writeKey).POST('/api/v1/ingest/lorawan', {
      body: noReading,
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ status: 'no_reading' });
    const withoutEui = structuredClone(uplinkSample) as { end_device_ids: Record<string, unknown> };
    delete withoutEui.end_device_ids.dev_eui;
    const refused = await api(writeKey).POST('/api/v1/ingest/lorawan', {
      // Deliberately not what the type allows: the server's refusal is under test.
      body: withoutEui as unknown as LorawanUplinkInput,
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'end_device_ids.dev_eui', errorCode: 'field.required' }],
    });
  });
});

describe('the machines’ OpenAPI document', () => {
  it('describes /api/v1 alone, with the bearer scheme; the portal’s document leaves it out', async () => {
    const machines = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
      security: unknown;
      components: { securitySchemes: Record<string, { scheme?: string }> };
    };
    expect(Object.keys(machines.paths).sort()).toEqual([
      '/api/v1/drums',
      '/api/v1/ingest/lorawan',
      '/api/v1/readings',
    ]);
    expect(machines.security).toEqual([{ bearer: [] }]);
    expect(machines.components.securitySchemes.bearer?.scheme).toBe('bearer');
    const portal = (await (await server.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(portal.paths).filter((path) => path.startsWith('/api/v1/'))).toEqual([]);
  });
});

describe('the per-key limit', () => {
  it('answers 429 with Retry-After past the calls a key may make in a minute', async () => {
    const limited = await startTestServer({
      clock: time.clock,
      env: { RATE_LIMIT_API_KEY_PER_MINUTE: '2', RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
    });
    try {
      const customer = await createCustomer(limited, 'limited');
      const response = await limited.request('/api/integration/api-keys', {
        headers: { cookie: customer.cookie },
        json: { name: 'x', scopes: ['drums:read'] },
      });
      const { key } = (await response.json()) as { key: string };
      const call = async () => (await api(key, limited).GET('/api/v1/drums')).response;
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('the cap on unmapped devices', () => {
  it('refuses a new device past the account’s cap with 409, still hears known ones, and says so in the API reference', async () => {
    const capped = await startTestServer({
      clock: time.clock,
      env: { UNMAPPED_DEVICES_PER_ACCOUNT: '3', RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
    });
    try {
      const customer = await createCustomer(capped, 'capped');
      const created = await capped.request('/api/integration/api-keys', {
        headers: { cookie: customer.cookie },
        json: { name: 'Network server', scopes: ['readings:write'] },
      });
      const { key } = (await created.json()) as { key: string };
      const uplinkOf = async (devEui: string) => {
        const uplink = structuredClone(uplinkSample);
        uplink.end_device_ids.dev_eui = devEui;
        return (await api(key, capped).POST('/api/v1/ingest/lorawan', { body: uplink })).response;
      };
      const devices = async () => {
        const [row] = await capped.database.db
          .select({ devices: count() })
          .from(sensorDevices)
          .where(eq(sensorDevices.accountId, customer.accountId));
        return row?.devices ?? 0;
      };
      for (const devEui of ['70B3D57ED0000001', '70B3D57ED0000002', '70B3D57ED0000003']) {
        expect((await uplinkOf(devEui)).status).toBe(202);
      }
      const refused = await api(key, capped).POST('/api/v1/ingest/lorawan', {
        body: { ...uplinkSample, end_device_ids: { dev_eui: '70B3D57ED0000004' } },
      });
      expect(refused.response.status).toBe(409);
      expect(refused.error).toEqual({ message: 'integration.too_many_unmapped_devices' });
      expect(await devices()).toBe(3);
      // A device already listed is still heard.
      expect((await uplinkOf('70B3D57ED0000002')).status).toBe(202);
      // Mapping one to a drum makes room for a new one.
      const mapped = await capped.request(`/api/integration/drums/${customer.drumIds[0]}/device`, {
        method: 'PUT',
        headers: { cookie: customer.cookie },
        json: { devEui: '70B3D57ED0000001' },
      });
      expect(mapped.status).toBe(200);
      expect((await uplinkOf('70B3D57ED0000004')).status).toBe(202);
      expect((await uplinkOf('70B3D57ED0000005')).status).toBe(409);
      expect(await devices()).toBe(4);

      const reference = (await (await fetch(`${capped.url}/api/v1/openapi.json`)).json()) as {
        paths: Record<
          string,
          { post: { description: string; responses: Record<string, unknown> } }
        >;
      };
      const ingest = reference.paths['/api/v1/ingest/lorawan']!.post;
      expect(ingest.description).toContain(
        'An account keeps at most 3 devices that no drum is mapped to',
      );
      expect(ingest.description).toContain('integration.too_many_unmapped_devices');
      expect(ingest.responses['409']).toBeDefined();
    } finally {
      await capped.close();
    }
  });
});
