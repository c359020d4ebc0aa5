import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuantityGraph } from '@portal/contract';
import { workspacePath } from '../../config/paths';
import { accounts, alerts, readings, sensorDevices } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import { connectPublisher, mqttTestEnv } from '../../../test/mqtt-broker';
import { createCustomer, type Customer } from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';

/**
 * ChirpStack's uplinks through the real Mosquitto broker: published with QoS 1 as ChirpStack
 * does, recorded once, shown on the drum's chart, kept by the broker while the server is away,
 * raising alerts and their webhooks; a suspended account's devices are not heard.
 */

const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
const sample = JSON.parse(
  readFileSync(workspacePath('apps/server/test/fixtures/lorawan/chirpstack-uplink.json'), 'utf8'),
) as {
  deduplicationId: string;
  time: string;
  deviceInfo: { applicationId: string; devEui: string };
  fCnt: number;
  object: Record<string, number>;
};
const devEui = sample.deviceInfo.devEui.toUpperCase();
const suspendedApplication = 'suspended-app';
const accountId = randomUUID();
const suspendedAccountId = randomUUID();
const broker = mqttTestEnv({
  [sample.deviceInfo.applicationId]: accountId,
  [suspendedApplication]: suspendedAccountId,
});

let receiver: WebhookReceiver;
let server: TestServer;
let publisher: MqttClient;
let me: Customer;
let suspended: Customer;

/** Uplink `n` of the device: its own deduplication id, frame counter and time (n s later). */
const uplink = (
  n: number,
  object: Record<string, number>,
  applicationId = sample.deviceInfo.applicationId,
) => ({
  ...sample,
  deduplicationId: randomUUID(),
  time: new Date(Date.parse(sample.time) + n * 1000).toISOString(),
  fCnt: sample.fCnt + n,
  deviceInfo: { ...sample.deviceInfo, applicationId },
  object,
});

/** As ChirpStack publishes an uplink event: its topic, QoS 1, answered by the broker. */
async function publish(message: { deviceInfo: { applicationId: string; devEui: string } }) {
  await publisher.publishAsync(
    `${broker.prefix}/application/${message.deviceInfo.applicationId}/device/${message.deviceInfo.devEui}/event/up`,
    JSON.stringify(message),
    { qos: 1 },
  );
}

async function chart(customer: Customer, drumId: string) {
  const response = await server.request(`/api/refill/drums/${drumId}/qgraph`, {
    headers: { cookie: customer.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as QuantityGraph;
}

async function mapDevice(customer: Customer, drumId: string, eui: string) {
  const response = await server.request(`/api/integration/drums/${drumId}/device`, {
    method: 'PUT',
    headers: { cookie: customer.cookie },
    json: { devEui: eui },
  });
  expect(response.status).toBe(200);
}

async function sensorReadingsOf(drumId: string) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(readings)
    .where(eq(readings.drumId, drumId));
  return Number(row?.n);
}

/** The metrics' count of readings taken from the broker. */
async function mqttReadingsCounted() {
  const line = (await server.app.metrics.registry.metrics())
    .split('\n')
    .find((candidate) => candidate.startsWith('portal_readings_ingested_total{source="mqtt"} '));
  return line === undefined ? 0 : Number(line.split(' ')[1]);
}

const waitFor = <T>(check: () => Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 50 });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100', ...broker.env },
    webhookDelivery: { extraCa: receiver.certificate, allowPrivateAddresses: true },
  });
  me = await createCustomer(server, 'mqtt', undefined, accountId);
  suspended = await createCustomer(server, 'paused', undefined, suspendedAccountId);
  await mapDevice(me, me.drumIds[0]!, devEui);
  await server.app.mqttIngestion!.ready;
  publisher = await connectPublisher();
});
afterAll(async () => {
  await publisher?.endAsync();
  await server?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

describe('MQTT ingestion of ChirpStack uplinks', () => {
  it('records an uplink published with QoS 1 and shows it on the drum’s chart', async () => {
    const before = await sensorReadingsOf(me.drumIds[0]!);
    await publish(sample);
    const point = await waitFor(async () => {
      const found = (await chart(me, me.drumIds[0]!)).points.find(
        (entry) => entry.at === '2026-11-23T08:42:17.318Z',
      );
      expect(found).toBeDefined();
      return found;
    });
    // The best gateway's RSSI is the signal, as on the webhook path.
    expect(point).toEqual({
      at: '2026-11-23T08:42:17.318Z',
      remainingM: 540,
      source: 'sensor',
      battery: 87,
      signal: -71,
    });
    expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before + 1);
  });

  it('counts the same uplink once, however often the broker delivers it', async () => {
    const message = uplink(1, { remainingLength: 530 });
    const before = await sensorReadingsOf(me.drumIds[0]!);
    const countedBefore = await mqttReadingsCounted();
    const [device] = await server.database.db
      .select({ uplinks: sensorDevices.uplinks })
      .from(sensorDevices)
      .where(eq(sensorDevices.devEui, devEui));
    // A copy in the same batch, and one after the first was recorded (a redelivery).
    await publish(message);
    await publish(message);
    await waitFor(async () => expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before + 1));
    await publish(message);
    // Another network server's copy without a deduplication id is told apart by device, frame
    // counter and time.
    const { deduplicationId: _, ...unkeyed } = uplink(2, { remainingLength: 520 });
    await publish(unkeyed);
    await waitFor(async () => expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before + 2));
    await publish(unkeyed);
    // Uplinks are recorded in order: once the next one shows, the copies above were handled.
    await publish(uplink(3, { remainingLength: 510 }));
    await waitFor(async () => expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before + 3));
    const remaining = (await chart(me, me.drumIds[0]!)).points
      .filter((point) => Date.parse(point.at) > Date.parse(sample.time))
      .map((point) => point.remainingM);
    expect(remaining).toEqual([530, 520, 510]);
    const [after] = await server.database.db
      .select({ uplinks: sensorDevices.uplinks })
      .from(sensorDevices)
      .where(eq(sensorDevices.devEui, devEui));
    expect(after?.uplinks).toBe((device?.uplinks ?? 0) + 3);
    expect(await mqttReadingsCounted()).toBe(countedBefore + 3);
  });

  it('records what the broker kept while the server was away, once it is back', async () => {
    const ingestion = server.app.mqttIngestion!;
    const before = await sensorReadingsOf(me.drumIds[0]!);
    await ingestion.stop();
    for (const n of [10, 11, 12]) await publish(uplink(n, { remainingLength: 500 - n }));
    // Nobody takes them meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before);
    ingestion.start();
    await ingestion.ready;
    await waitFor(async () => expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before + 3));
  });

  it('records what the broker sends again after a connection broken before the acknowledgement', async () => {
    const ingestion = server.app.mqttIngestion!;
    const before = await sensorReadingsOf(me.drumIds[0]!);
    await publish(uplink(20, { remainingLength: 470 }));
    ingestion.dropConnection();
    await publish(uplink(21, { remainingLength: 469 }));
    await waitFor(async () => expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(before + 2));
  });

  it('raises the low alert of an uplink under the threshold, and delivers its webhook', async () => {
    const registered = await server.request('/api/integration/webhooks', {
      headers: { cookie: me.cookie },
      json: { url: `${receiver.url}/drums`, description: 'alerts', events: ['drum.low'] },
    });
    expect(registered.status).toBe(201);
    await mapDevice(me, me.drumIds[1]!, '70B3D57ED0051B00');
    await publish({
      ...uplink(30, { remainingLength: 150 }),
      deviceInfo: { applicationId: sample.deviceInfo.applicationId, devEui: '70b3d57ed0051b00' },
    });
    const raised = await waitFor(async () => {
      const rows = await server.database.db
        .select()
        .from(alerts)
        .where(eq(alerts.drumId, me.drumIds[1]!));
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(raised.map((alert) => [alert.level, alert.resolvedAt])).toEqual([['low', null]]);
    expect(await server.app.webhookWorker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const payload = JSON.parse(receiver.received[0]!.body) as {
      type: string;
      data: { drum: { id: string } };
    };
    expect(payload.type).toBe('drum.low');
    expect(JSON.stringify(payload.data)).toContain(me.drumIds[1]!);
  });

  it('does not hear the devices of a suspended account', async () => {
    await mapDevice(suspended, suspended.drumIds[0]!, '70B3D57ED0051C00');
    await server.database.db
      .update(accounts)
      .set({ suspendedAt: time.clock() })
      .where(eq(accounts.id, suspendedAccountId));
    const before = await sensorReadingsOf(suspended.drumIds[0]!);
    await publish({
      ...uplink(40, { remainingLength: 100 }, suspendedApplication),
      deviceInfo: { applicationId: suspendedApplication, devEui: '70b3d57ed0051c00' },
    });
    const marker = await sensorReadingsOf(me.drumIds[0]!);
    await publish(uplink(41, { remainingLength: 450 }));
    await waitFor(async () => expect(await sensorReadingsOf(me.drumIds[0]!)).toBe(marker + 1));
    expect(await sensorReadingsOf(suspended.drumIds[0]!)).toBe(before);
    const [device] = await server.database.db
      .select({ uplinks: sensorDevices.uplinks })
      .from(sensorDevices)
      .where(eq(sensorDevices.devEui, '70B3D57ED0051C00'));
    expect(device?.uplinks).toBe(0);
  });
});
