import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, mailOutbox, webhookEndpoints, webhookMessages } from '../../src/db/schema';
import { generateWebhookSecret } from '../../src/services/integration/webhooks/signing';
import { createTestDatabaseUrl, startTestServer, type TestServer } from '../test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';

/**
 * The mail outbox and the webhook deliveries are shared by every instance on one PostgreSQL
 * database: three instances, their workers polling and woken at the same instant, send each
 * queued mail once to a real SMTP server and each webhook message once to a real HTTPS receiver.
 */

const N = 60;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let smtp: SmtpCapture;
let receiver: WebhookReceiver;
const instances: TestServer[] = [];

beforeAll(async () => {
  database = await createTestDatabaseUrl({ migrated: true });
  smtp = await startSmtpCapture();
  receiver = await startWebhookReceiver();
  receiver.behave({ status: 204 });
  for (let n = 0; n < 3; n++) {
    instances.push(
      await startTestServer({
        databaseUrl: database.url,
        env: { SMTP_URL: smtp.url },
        startMailWorker: true,
        webhookDelivery: {
          extraCa: receiver.certificate,
          allowPrivateAddresses: true,
          timeoutMs: 30_000,
        },
      }),
    );
  }
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await database?.drop();
  await smtp?.stop();
  await receiver?.close();
});

/** A counter's value in one instance's metrics (0 when absent). */
async function counted(instance: TestServer, line: string): Promise<number> {
  const found = (await instance.app.metrics.registry.metrics())
    .split('\n')
    .find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}

describe('the queues across three instances', () => {
  it('send each of N mails and N webhook messages exactly once', async () => {
    const db = instances[0]!.database.db;
    const now = Date.now();
    await db.insert(mailOutbox).values(
      Array.from({ length: N }, (_, n) => ({
        kind: 'test',
        toAddress: `queued-${n}@example.com`,
        locale: 'en' as const,
        subject: `Mail ${n}`,
        html: `<p>Mail ${n}</p>`,
        text: `Mail ${n}`,
        expiresAt: new Date(now + 3_600_000),
      })),
    );
    const [account] = await db.insert(accounts).values({ name: 'Queues Co' }).returning();
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        accountId: account!.id,
        url: `${receiver.url}/hooks`,
        events: ['drum.low'],
        secret: generateWebhookSecret(),
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    await db.insert(webhookMessages).values(
      Array.from({ length: N }, (_, n) => ({
        endpointId: endpoint!.id,
        accountId: account!.id,
        eventType: 'drum.low' as const,
        body: JSON.stringify({ type: 'drum.low', n }),
        createdAt: new Date(now),
        nextAttemptAt: new Date(now),
        retryUntil: new Date(now + 86_400_000),
      })),
    );
    // Every worker looks at once, as after a burst of events on every instance.
    for (const instance of instances) {
      instance.app.mailWorker.poke();
      instance.app.webhookWorker.poke();
    }

    await vi.waitFor(
      () => {
        expect(smtp.messages.length).toBeGreaterThanOrEqual(N);
        expect(receiver.received.length).toBeGreaterThanOrEqual(N);
      },
      { timeout: 60_000, interval: 100 },
    );
    // Two more polls of every worker: a duplicate would have arrived by then.
    await new Promise((resolve) => setTimeout(resolve, 4_500));

    const recipients = smtp.messages.flatMap((message) => message.to).sort();
    expect(recipients).toEqual(
      Array.from({ length: N }, (_, n) => `queued-${n}@example.com`).sort(),
    );
    expect([...smtp.countsByMessageId().values()].every((count) => count === 1)).toBe(true);
    const bodies = receiver.received.map((hook) => (JSON.parse(hook.body) as { n: number }).n);
    expect(bodies.sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, n) => n));
    expect(new Set(receiver.received.map((hook) => hook.headers['webhook-id'])).size).toBe(N);

    // Every row is finished, after one attempt each.
    const mails = await db.select().from(mailOutbox);
    expect(mails.every((mail) => mail.sentAt !== null && mail.attempts === 1)).toBe(true);
    const hooks = await db.select().from(webhookMessages);
    expect(hooks.every((hook) => hook.deliveredAt !== null && hook.attempts === 1)).toBe(true);

    // The work was shared: each instance's count adds up to N, and more than one took part.
    const mailsSent = await Promise.all(
      instances.map((instance) => counted(instance, 'portal_mails_total{result="sent"}')),
    );
    const hooksDelivered = await Promise.all(
      instances.map((instance) =>
        counted(instance, 'portal_webhook_attempts_total{outcome="delivered"}'),
      ),
    );
    expect(mailsSent.reduce((sum, count) => sum + count, 0)).toBe(N);
    expect(hooksDelivered.reduce((sum, count) => sum + count, 0)).toBe(N);
    expect(mailsSent.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect(hooksDelivered.filter((count) => count > 0).length).toBeGreaterThan(1);
  });
});
