import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenOf } from '../../test/clock';
import { startTestServer, type TestServer } from '../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { createCustomer } from '../../test/reliability/fixtures';
import { accounts, sensorDevices, webhookEndpoints, webhookMessages } from '../db/schema';
import { generateWebhookSecret } from '../services/integration/webhooks/signing';

let server: TestServer;
let metricsServer: Server | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  metricsServer?.close();
  metricsServer = undefined;
  await server.close();
  await receiver?.close();
  receiver = undefined;
});

/** The value of one sample line of the exposition text, or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('metrics', () => {
  it('count sign-ups, sign-ins, mails and the outbox, and time requests by route and status', async () => {
    server = await startTestServer();
    const metrics = server.app.metrics;
    expect(
      (await server.request('/api/users/signup', { json: { email: 'mo@example.com' } })).status,
    ).toBe(202);
    let text = await metrics.registry.metrics();
    expect(sample(text, 'portal_sign_up_requests_total{outcome="accepted"}')).toBe(1);
    expect(sample(text, 'portal_mail_outbox_pending')).toBe(1);
    expect(sample(text, 'portal_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);

    expect(await server.app.mailWorker.runOnce()).toBe(1);
    const [link] = await server.linksFor('mo@example.com');
    const signIn = await server.request('/api/users/signin', { json: { hash: tokenOf(link!) } });
    expect(signIn.status).toBe(200);
    const refused = await server.request('/api/users/signin', { json: { hash: 'A'.repeat(43) } });
    expect(refused.status).toBe(400);

    text = await metrics.registry.metrics();
    expect(sample(text, 'portal_mails_total{result="sent"}')).toBe(1);
    expect(sample(text, 'portal_mail_outbox_pending')).toBe(0);
    expect(sample(text, 'portal_sign_ins_total{outcome="ok"}')).toBe(1);
    expect(sample(text, 'portal_sign_ins_total{outcome="refused"}')).toBe(1);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count{method="POST",route="/api/users/signin",status_code="400"}',
      ),
    ).toBe(1);
    // Route patterns, never raw URLs: a token in a path never becomes a label.
    await server.request('/signin/secret-token-123');
    expect(await metrics.registry.metrics()).not.toContain('secret-token-123');
  });

  it('are served at /metrics on a port of their own, not by the public server', async () => {
    server = await startTestServer();
    metricsServer = await server.app.metrics.listen(0, '127.0.0.1');
    const { port } = metricsServer.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toContain(
      '# TYPE portal_http_request_duration_seconds histogram',
    );
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const publicAnswer = await server.request('/metrics');
    expect(await publicAnswer.text()).not.toContain('portal_http_request_duration_seconds');
  });

  it('count webhook attempts by outcome, and show what waits in the webhooks outbox and since when', async () => {
    receiver = await startWebhookReceiver();
    receiver.behave({ status: 204 }, '/up');
    receiver.behave({ status: 500 }, '/down');
    receiver.behave({ status: 500 }, '/gone');
    server = await startTestServer({
      webhookDelivery: {
        extraCa: receiver.certificate,
        allowPrivateAddresses: true,
        // Long: on a busy machine a slow answer must not pass for a refusal.
        timeoutMs: 30_000,
      },
    });
    const db = server.database.db;
    const [account] = await db.insert(accounts).values({ name: 'Hooks Co' }).returning();
    const now = Date.now();
    const endpoint = async (path: string) =>
      (
        await db
          .insert(webhookEndpoints)
          .values({
            accountId: account!.id,
            url: `${receiver!.url}${path}`,
            events: ['drum.low'],
            secret: generateWebhookSecret(),
            createdAt: new Date(now),
            updatedAt: new Date(now),
          })
          .returning()
      )[0]!.id;
    const [up, down, gone] = [
      await endpoint('/up'),
      await endpoint('/down'),
      await endpoint('/gone'),
    ];
    // Two minutes old, all due: one the receiver takes, one it refuses with retries left, one
    // it refuses on the last day of its retries (which also disables its endpoint, giving up
    // whatever else waits for it: hence an endpoint of its own).
    const message = (endpointId: string, retryUntil: number) => ({
      endpointId,
      accountId: account!.id,
      eventType: 'drum.low' as const,
      body: '{"type":"drum.low"}',
      createdAt: new Date(now - 120_000),
      nextAttemptAt: new Date(now - 120_000),
      retryUntil: new Date(retryUntil),
    });
    await db
      .insert(webhookMessages)
      .values([
        message(up, now + 86_400_000),
        message(down, now + 86_400_000),
        message(gone, now - 1_000),
      ]);
    const metrics = server.app.metrics;
    let text = await metrics.registry.metrics();
    expect(sample(text, 'portal_webhook_messages_pending')).toBe(3);
    expect(sample(text, 'portal_webhook_messages_oldest_pending_seconds')).toBeGreaterThanOrEqual(
      120,
    );

    expect(await server.app.webhookWorker.runOnce()).toBe(3);
    text = await metrics.registry.metrics();
    expect(sample(text, 'portal_webhook_attempts_total{outcome="delivered"}')).toBe(1);
    expect(sample(text, 'portal_webhook_attempts_total{outcome="failed_retrying"}')).toBe(1);
    expect(sample(text, 'portal_webhook_attempts_total{outcome="given_up"}')).toBe(1);
    // The refused message with retries left still waits.
    expect(sample(text, 'portal_webhook_messages_pending')).toBe(1);
  });

  it('show the documents being drawn and waiting for a rendering thread, and those drawn by kind', async () => {
    server = await startTestServer();
    let text = await server.app.metrics.registry.metrics();
    expect(sample(text, 'portal_documents_rendering{state="drawing"}')).toBe(0);
    expect(sample(text, 'portal_documents_rendering{state="waiting"}')).toBe(0);
    // The renderer counts for the whole process, where other tests' servers drew theirs too.
    const labelsBefore = sample(text, 'portal_documents_rendered_total{kind="drum_labels"}') ?? 0;
    const customer = await createCustomer(server, 'printer');
    const labels = await server.request(
      `/api/documents/drum-labels?drum=${customer.drumIds[0]}&drum=${customer.drumIds[1]}`,
      { headers: { cookie: customer.cookie } },
    );
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toContain('application/pdf');
    text = await server.app.metrics.registry.metrics();
    expect(sample(text, 'portal_documents_rendered_total{kind="drum_labels"}')).toBe(
      labelsBefore + 1,
    );
  });

  it('count the readings recorded by source, each reading once', async () => {
    server = await startTestServer();
    const customer = await createCustomer(server, 'counted');
    const [firstDrum, secondDrum] = customer.drumIds;
    const metrics = server.app.metrics;
    const manual = (drumId: string, remainingM: number, headers: Record<string, string> = {}) =>
      server.request(`/api/refill/drums/${drumId}/readings`, {
        headers: { cookie: customer.cookie, ...headers },
        json: { remainingM, readAt: new Date().toISOString() },
      });
    // A page's form: no key.
    expect((await manual(firstDrum!, 700)).status).toBe(201);
    // The field app's reading, sent twice with its key: recorded, and counted, once.
    const key = { 'idempotency-key': 'reading-0f3c9a2e-5b1d-4e7a-9c6b-2a8d4f1e3b70' };
    const offline = await manual(secondDrum!, 650, key);
    expect(offline.status).toBe(201);
    const offlineBody = (await offline.json()) as { readAt: string };
    const again = await server.request(`/api/refill/drums/${secondDrum}/readings`, {
      headers: { cookie: customer.cookie, ...key },
      json: { remainingM: 650, readAt: offlineBody.readAt },
    });
    expect(again.status).toBe(201);
    // A refused reading counts for nothing.
    expect((await manual(firstDrum!, 5000)).status).toBe(400);

    const apiKey = await server.request('/api/integration/api-keys', {
      headers: { cookie: customer.cookie },
      json: { name: 'Gateway', scopes: ['readings:write'] },
    });
    expect(apiKey.status).toBe(201);
    const { key: secret } = (await apiKey.json()) as { key: string };
    const machine = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const measuredAt = new Date(Date.now() - 60_000).toISOString();
    const batch = await machine('/api/v1/readings', {
      readings: [
        { drumSerial: 'counted-1', remainingLength: 600, measuredAt },
        { drumSerial: 'counted-2', remainingLength: 600, measuredAt },
        // Longer than the drum: refused, not counted.
        { drumSerial: 'counted-2', remainingLength: 9000, measuredAt },
      ],
    });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as { accepted: number }).accepted).toBe(2);

    const devEui = '70B3D57ED0051234';
    await server.database.db
      .insert(sensorDevices)
      .values({ accountId: customer.accountId, devEui, drumId: firstDrum!, createdAt: new Date() });
    const uplink = await machine('/api/v1/ingest/lorawan', {
      end_device_ids: { device_id: 'drum-sensor-1', dev_eui: devEui },
      received_at: measuredAt,
      uplink_message: { decoded_payload: { remainingLength: 550 }, rx_metadata: [{ rssi: -90 }] },
    });
    expect(uplink.status).toBe(200);

    const text = await metrics.registry.metrics();
    expect(sample(text, 'portal_readings_ingested_total{source="web"}')).toBe(1);
    expect(sample(text, 'portal_readings_ingested_total{source="offline"}')).toBe(1);
    expect(sample(text, 'portal_readings_ingested_total{source="api"}')).toBe(2);
    expect(sample(text, 'portal_readings_ingested_total{source="lorawan"}')).toBe(1);
  });

  it('name the running build', async () => {
    server = await startTestServer();
    // From the sources; `npm run build` writes the commit in its place.
    expect(
      sample(await server.app.metrics.registry.metrics(), 'portal_build_info{version="dev"}'),
    ).toBe(1);
  });
});
