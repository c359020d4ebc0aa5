import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenOf } from '../../test/clock';
import { startTestServer, type TestServer } from '../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { accounts, webhookEndpoints, webhookMessages } from '../db/schema';
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

  it('show the documents being drawn and waiting for a rendering thread', async () => {
    server = await startTestServer();
    const text = await server.app.metrics.registry.metrics();
    expect(sample(text, 'portal_documents_rendering{state="drawing"}')).toBe(0);
    expect(sample(text, 'portal_documents_rendering{state="waiting"}')).toBe(0);
  });
});
