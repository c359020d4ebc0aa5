import { and, eq } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@portal/contract';
import { mailOutbox, users, webhookEndpoints, webhookMessages } from '../../db/schema';
import { earliestDeliveryDate } from '../../services/refill/delivery-date';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import {
  createApiKey,
  createCustomer,
  createQuote,
  signIn,
  type Customer,
} from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';

/**
 * Outgoing webhooks over HTTP and over the wire: an admin registers endpoints of a local HTTPS
 * receiver (a certificate made for the run); events raised by readings, manual or from a
 * machine, and by the lifecycles reach it signed as Standard Webhooks, checked with the
 * `standardwebhooks` package; failures are logged and retried, redirects not followed, a
 * hanging receiver times out without holding up the others, and an endpoint failing for 3 days
 * is disabled and its admins told.
 */

/** Starts at the real time: the verifier refuses a signature more than 5 minutes off. */
const time = createFakeClock(new Date());
const SEND_TIMEOUT_MS = 800;
let receiver: WebhookReceiver;
let server: TestServer;
let me: Customer;
let other: Customer;
let machineKey: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      // The customers sign in again as the clock moves on (below).
      RATE_LIMIT_MAIL_PER_MINUTE: '100',
      RATE_LIMIT_MAIL_PER_HOUR: '1000',
    },
    webhookDelivery: {
      extraCa: receiver.certificate,
      allowPrivateAddresses: true,
      timeoutMs: SEND_TIMEOUT_MS,
    },
  });
  me = await createCustomer(server, 'hooks');
  other = await createCustomer(server, 'elsewhere');
  machineKey = (await createApiKey(server, me, ['readings:write'])).key;
  signedInAt = time.clock().getTime();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});
let signedInAt = 0;
beforeEach(async () => {
  receiver.behave({ status: 204 });
  receiver.received.length = 0;
  await keepSignedIn();
});

/**
 * Changing webhooks asks for a sign-in within ten minutes, and the tests move the clock on by
 * hours: the customers sign in again when theirs is older.
 */
async function keepSignedIn() {
  if (time.clock().getTime() - signedInAt <= 9 * 60_000) return;
  me.cookie = await signIn(server, me.email);
  other.cookie = await signIn(server, other.email);
  signedInAt = time.clock().getTime();
}

const as = (customer: Customer) => ({ cookie: customer.cookie });

async function register(
  path: string,
  events: string[] = ['drum.low', 'drum.critical'],
  customer = me,
) {
  await keepSignedIn();
  const response = await server.request('/api/integration/webhooks', {
    headers: as(customer),
    json: { url: `${receiver.url}${path}`, description: path, events },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { endpoint: WebhookEndpoint; secret: string };
}

async function remove(id: string) {
  await keepSignedIn();
  const response = await server.request(`/api/integration/webhooks/${id}`, {
    method: 'DELETE',
    headers: as(me),
  });
  expect(response.status).toBe(204);
}

async function deliveries(id: string, customer = me) {
  const response = await server.request(`/api/integration/webhooks/${id}/deliveries`, {
    headers: as(customer),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: WebhookDelivery[] }).deliveries;
}

/** A sensor reading of the customer's drum `n` through the machines' API. */
async function machineReading(n: 1 | 2, remainingLength: number) {
  const response = await fetch(`${server.url}/api/v1/readings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${machineKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      readings: [
        { drumSerial: `hooks-${n}`, remainingLength, measuredAt: time.clock().toISOString() },
      ],
    }),
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(1);
}

/** Back above the threshold, so the next low reading raises an alert again. */
async function refillDrum(n: 1 | 2) {
  await machineReading(n, 1000);
}

describe('webhook endpoints of an account', () => {
  it('registers an https endpoint, shows its secret once, stores it to sign, lists it without', async () => {
    const { endpoint, secret } = await register('/created', ['quote.offered']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({
      url: `${receiver.url}/created`,
      events: ['quote.offered'],
      isEnabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    const [row] = await server.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secret).toBe(secret);
    const listed = await server.request('/api/integration/webhooks', { headers: as(me) });
    const text = await listed.text();
    expect(text).toContain(endpoint.id);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');
    await remove(endpoint.id);
  });

  it('refuses a URL that is not https, or carries credentials, and an unknown event, with 400', async () => {
    for (const body of [
      { url: 'http://example.com/hook', events: ['drum.low'] },
      { url: 'ftp://example.com/hook', events: ['drum.low'] },
      { url: 'https://user:pass@example.com/hook', events: ['drum.low'] },
      { url: 'not a url', events: ['drum.low'] },
      { url: 'https://example.com/hook', events: ['drum.empty'] },
      { url: 'https://example.com/hook', events: [] },
      { url: 'https://example.com/hook', events: ['drum.low', 'drum.low'] },
    ]) {
      const response = await server.request('/api/integration/webhooks', {
        headers: as(me),
        json: body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('request.invalid');
    }
  });

  it('holds at most 10 endpoints per account: the 11th is a 409', async () => {
    const created: string[] = [];
    for (let i = 0; i < 10; i++)
      created.push((await register(`/n${i}`, ['drum.low'], other)).endpoint.id);
    const refused = await server.request('/api/integration/webhooks', {
      headers: as(other),
      json: { url: 'https://example.com/eleventh', events: ['drum.low'] },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'integration.too_many_webhooks' });
    for (const id of created) {
      await server.request(`/api/integration/webhooks/${id}`, {
        method: 'DELETE',
        headers: as(other),
      });
    }
  });

  it("answers another account's endpoint with 404 on every route", async () => {
    const { endpoint } = await register('/mine');
    const base = `/api/integration/webhooks/${endpoint.id}`;
    const calls = [
      server.request(base, { method: 'PATCH', headers: as(other), json: { isEnabled: false } }),
      server.request(`${base}/rotate-secret`, { method: 'POST', headers: as(other), json: {} }),
      server.request(`${base}/deliveries`, { headers: as(other) }),
      server.request(base, { method: 'DELETE', headers: as(other) }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    await remove(endpoint.id);
  });

  it('is refused to a buyer (403): only the account admin manages webhooks', async () => {
    const email = 'buyer-hooks@example.com';
    await server.request('/api/users/signup', { json: { email } });
    await server.database.db
      .update(users)
      .set({ accountId: me.accountId, role: 'buyer' })
      .where(eq(users.email, email));
    const [link] = await server.linksFor(email);
    const cookie = sessionCookie(
      await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
    );
    const response = await server.request('/api/integration/webhooks', { headers: { cookie } });
    expect(response.status).toBe(403);
  });
});

describe('the machine API document', () => {
  it('describes every event under the OpenAPI 3.1 webhooks, with its signature headers', async () => {
    const response = await server.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      webhooks: Record<
        string,
        {
          post: {
            parameters: Array<{ name: string }>;
            requestBody: {
              content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
            };
          };
        }
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'drum.critical',
      'drum.low',
      'quote.offered',
      'refill_request.status_changed',
    ]);
    const low = document.webhooks['drum.low']!.post;
    expect(low.parameters.map((parameter) => parameter.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(Object.keys(low.requestBody.content['application/json'].schema.properties)).toEqual([
      'type',
      'timestamp',
      'data',
    ]);
  });
});

describe('delivery, signed as Standard Webhooks', () => {
  it('delivers drum.low when a machine reading crosses the threshold, with a signature the standard verifier accepts', async () => {
    const { endpoint, secret } = await register('/drums');
    await machineReading(1, 150);
    // Queued with the reading, in its transaction.
    const [queued] = await server.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.endpointId, endpoint.id));
    expect(queued?.eventType).toBe('drum.low');

    expect(await server.app.webhookWorker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.path).toBe('/drums');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['webhook-id']).toBe(`msg_${queued!.id}`);
    expect(Number(delivery!.headers['webhook-timestamp'])).toBe(
      Math.floor(time.clock().getTime() / 1000),
    );
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload).toMatchObject({
      type: 'drum.low',
      data: {
        drumId: me.drumIds[0],
        serial: 'hooks-1',
        remainingLength: 150,
        remainingPercent: 15,
      },
    });
    // Another secret, or a body changed by one byte, does not verify.
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(24, 7).toString('base64')).verify(
        delivery!.body,
        delivery!.headers,
      ),
    ).toThrow(WebhookVerificationError);
    expect(() =>
      new Webhook(secret).verify(delivery!.body.replace('150', '151'), delivery!.headers),
    ).toThrow(WebhookVerificationError);

    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({
      status: 'succeeded',
      eventType: 'drum.low',
      nextAttemptAt: null,
    });
    expect(logged!.attempts).toEqual([
      expect.objectContaining({ outcome: 'succeeded', responseStatus: 204, error: null }),
    ]);

    // Crossing the critical threshold is one more event; staying low raises nothing.
    await machineReading(1, 140);
    await machineReading(1, 50);
    await server.app.webhookWorker.runOnce();
    expect(
      receiver.received.map((hook) => (JSON.parse(hook.body) as { type: string }).type),
    ).toEqual(['drum.low', 'drum.critical']);
    await refillDrum(1);
    await remove(endpoint.id);
  });

  it('delivers the event of a manual reading, and only to the endpoints subscribed to it', async () => {
    const drums = await register('/manual-drums', ['drum.low']);
    const quotes = await register('/manual-quotes', ['quote.offered']);
    const response = await server.request(`/api/refill/drums/${me.drumIds[1]}/readings`, {
      headers: as(me),
      json: { remainingM: 120, readAt: time.clock().toISOString() },
    });
    expect(response.status).toBe(201);
    await server.app.webhookWorker.runOnce();
    expect(receiver.received.map((hook) => hook.path)).toEqual(['/manual-drums']);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'drum.low',
      data: { serial: 'hooks-2', remainingLength: 120 },
    });
    await refillDrum(2);
    await remove(drums.endpoint.id);
    await remove(quotes.endpoint.id);
  });

  it("delivers refill_request.status_changed when a request's status changes", async () => {
    const { endpoint, secret } = await register('/requests', ['refill_request.status_changed']);
    const created = await server.request('/api/refill/requests', {
      headers: { ...as(me), 'idempotency-key': `hooks-request-${Date.now()}` },
      json: {
        items: [{ drumId: me.drumIds[0], quantity: 1 }],
        siteId: me.siteId,
        deliveryDate: earliestDeliveryDate(time.clock(), 'Europe/Paris'),
        windowStart: '08:00',
        windowEnd: '12:00',
        contactPhone: '+33612345678',
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const cancelled = await server.request(`/api/refill/requests/${id}/transition`, {
      headers: as(me),
      json: { action: 'cancel' },
    });
    expect(cancelled.status).toBe(200);
    await server.app.webhookWorker.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(
      new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers),
    ).toMatchObject({
      type: 'refill_request.status_changed',
      data: { id, from: 'submitted', to: 'cancelled', changedBy: 'customer' },
    });
    await remove(endpoint.id);
  });

  it('delivers quote.offered when staff offer a quote, with its priced lines', async () => {
    const { endpoint, secret } = await register('/quotes', ['quote.offered']);
    const quoteId = await createQuote(server, me, `hooks-quote-${Date.now()}`);
    const agentCookie = await signIn(server, 'agent-hooks@provider.example');
    await server.database.db
      .update(users)
      .set({ role: 'agent', accountId: null })
      .where(eq(users.email, 'agent-hooks@provider.example'));
    const transition = (body: unknown) =>
      server.request(`/api/backoffice/items/${quoteId}/transition`, {
        headers: { cookie: agentCookie },
        json: body,
      });
    const reviewed = await transition({ action: 'review' });
    expect(reviewed.status).toBe(200);
    // Reviewing is not an offer: nothing is sent yet.
    await server.app.webhookWorker.runOnce();
    expect(receiver.received).toEqual([]);
    const { quote } = (await reviewed.json()) as { quote: { lines: Array<{ lineId: string }> } };
    const validUntil = new Date(time.clock().getTime() + 20 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const offered = await transition({
      action: 'offer',
      offer: {
        lines: quote.lines.map((line) => ({ lineId: line.lineId, unitPriceCents: 1234 })),
        discountBasisPoints: 500,
        validUntil,
      },
    });
    expect(offered.status, await offered.clone().text()).toBe(200);
    await server.app.webhookWorker.runOnce();
    expect(receiver.received).toHaveLength(1);
    const payload = new Webhook(secret).verify(
      receiver.received[0]!.body,
      receiver.received[0]!.headers,
    ) as { type: string; data: { lines: Array<{ unitPriceCents: number; quantity: number }> } };
    expect(payload).toMatchObject({
      type: 'quote.offered',
      data: { id: quoteId, validUntil, discountBasisPoints: 500 },
    });
    expect(payload.data.lines.length).toBe(quote.lines.length);
    expect(payload.data.lines[0]).toMatchObject({ unitPriceCents: 1234, quantity: 2 });
    await remove(endpoint.id);
  });

  it('signs with both secrets while a rotation overlaps, each signature verifying, then with the new one only', async () => {
    const { endpoint, secret: oldSecret } = await register('/rotated');
    const rotated = await server.request(`/api/integration/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
      headers: as(me),
      json: {},
    });
    expect(rotated.status).toBe(200);
    const { secret: newSecret, endpoint: after } = (await rotated.json()) as {
      secret: string;
      endpoint: WebhookEndpoint;
    };
    expect(newSecret).not.toBe(oldSecret);
    expect(new Date(after.previousSecretExpiresAt!).getTime() - time.clock().getTime()).toBe(
      24 * 3600_000,
    );
    await machineReading(1, 150);
    await server.app.webhookWorker.runOnce();
    const [delivery] = receiver.received;
    const signatures = delivery!.headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith('v1,'))).toBe(true);
    const [first, second] = signatures;
    const only = (signature: string) => ({ ...delivery!.headers, 'webhook-signature': signature });
    expect(new Webhook(newSecret).verify(delivery!.body, only(first!))).toMatchObject({
      type: 'drum.low',
    });
    expect(new Webhook(oldSecret).verify(delivery!.body, only(second!))).toMatchObject({
      type: 'drum.low',
    });
    expect(() => new Webhook(newSecret).verify(delivery!.body, only(second!))).toThrow();

    // A day later the old secret no longer signs.
    await refillDrum(1);
    time.advance(24 * 3600 + 1);
    receiver.received.length = 0;
    await machineReading(1, 150);
    await server.app.webhookWorker.runOnce();
    expect(receiver.received[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    await refillDrum(1);
    await remove(endpoint.id);
  });
});

describe('failures, retries and the delivery log', () => {
  async function oneFailedAttempt(path: string) {
    const { endpoint } = await register(path);
    await machineReading(2, 150);
    const startedAt = time.clock().getTime();
    await server.app.webhookWorker.runOnce();
    await refillDrum(2);
    const [logged] = await deliveries(endpoint.id);
    return { endpoint, logged: logged!, startedAt };
  }

  const retryIn = (delivery: WebhookDelivery, from: number) =>
    new Date(delivery.nextAttemptAt!).getTime() - from;

  it('retries an answer of 500 in about 5 seconds, then on the schedule', async () => {
    receiver.behave({ status: 500 });
    const { endpoint, logged, startedAt } = await oneFailedAttempt('/error');
    expect(logged.status).toBe('pending');
    expect(logged.attempts[0]).toMatchObject({
      outcome: 'failed',
      responseStatus: 500,
      error: 'HTTP 500',
    });
    expect(retryIn(logged, startedAt)).toBeGreaterThanOrEqual(4_500);
    expect(retryIn(logged, startedAt)).toBeLessThanOrEqual(5_500);
    // Not due yet: nothing is sent before its time.
    expect(await server.app.webhookWorker.runOnce()).toBe(0);
    time.advance(6);
    const retriedAt = time.clock().getTime();
    expect(await server.app.webhookWorker.runOnce()).toBe(1);
    const [again] = await deliveries(endpoint.id);
    expect(again!.attempts).toHaveLength(2);
    // The second wait is about 5 minutes.
    expect(retryIn(again!, retriedAt)).toBeGreaterThanOrEqual(270_000);
    expect(retryIn(again!, retriedAt)).toBeLessThanOrEqual(330_000);
    // The same message: the receiver saw one webhook-id twice.
    const ids = receiver.received.map((hook) => hook.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    await remove(endpoint.id);
  });

  it('does not follow a redirect: a 302 is a failed attempt and the target is never called', async () => {
    receiver.behave({ status: 302, location: `${receiver.url}/moved` }, '/redirecting');
    const { endpoint, logged } = await oneFailedAttempt('/redirecting');
    expect(logged.status).toBe('pending');
    expect(logged.attempts[0]).toMatchObject({ outcome: 'failed', responseStatus: 302 });
    expect(logged.attempts[0]!.error).toContain('redirect not followed');
    expect(receiver.received.map((hook) => hook.path)).toEqual(['/redirecting']);
    await remove(endpoint.id);
  });

  it('gives up on a receiver that does not answer at the timeout, and retries it', async () => {
    receiver.behave('hang', '/hanging');
    const { endpoint, logged, startedAt } = await oneFailedAttempt('/hanging');
    expect(logged.status).toBe('pending');
    expect(logged.attempts[0]).toMatchObject({ outcome: 'failed', responseStatus: null });
    expect(logged.attempts[0]!.error).toMatch(/no answer within/);
    expect(logged.attempts[0]!.durationMs).toBeGreaterThanOrEqual(SEND_TIMEOUT_MS - 50);
    expect(retryIn(logged, startedAt)).toBeGreaterThan(0);
    await remove(endpoint.id);
  });

  it('does not let a hanging receiver hold up another endpoint', async () => {
    receiver.behave('hang', '/stuck');
    const stuck = await register('/stuck');
    const healthy = await register('/healthy');
    await machineReading(2, 150);
    await server.app.webhookWorker.runOnce();
    await refillDrum(2);
    const [fine] = await deliveries(healthy.endpoint.id);
    expect(fine!.status).toBe('succeeded');
    // Delivered while the other waited for its timeout, not after it.
    expect(fine!.attempts[0]!.durationMs).toBeLessThan(SEND_TIMEOUT_MS / 2);
    const [late] = await deliveries(stuck.endpoint.id);
    expect(late!.status).toBe('pending');
    await remove(stuck.endpoint.id);
    await remove(healthy.endpoint.id);
  });

  it('redelivers a message with the same webhook-id, logged as a redelivery', async () => {
    receiver.behave({ status: 503 });
    const { endpoint, logged } = await oneFailedAttempt('/later');
    receiver.behave({ status: 200 });
    time.advance(60);
    const other_ = await server.request(
      `/api/integration/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`,
      { method: 'POST', headers: as(other), json: {} },
    );
    expect(other_.status).toBe(404);
    const response = await server.request(
      `/api/integration/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`,
      { method: 'POST', headers: as(me), json: {} },
    );
    expect(response.status).toBe(202);
    expect(await server.app.webhookWorker.runOnce()).toBe(1);
    const [done] = await deliveries(endpoint.id);
    expect(done).toMatchObject({ status: 'succeeded', webhookId: logged.webhookId });
    expect(done!.attempts.map((attempt) => [attempt.outcome, attempt.isRedelivery])).toEqual([
      ['succeeded', true],
      ['failed', false],
    ]);
    expect(receiver.received.map((hook) => hook.headers['webhook-id'])).toEqual([
      logged.webhookId,
      logged.webhookId,
    ]);
    // A delivered message may be sent again too.
    const again = await server.request(
      `/api/integration/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`,
      { method: 'POST', headers: as(me), json: {} },
    );
    expect(again.status).toBe(202);
    expect(await server.app.webhookWorker.runOnce()).toBe(1);
    await remove(endpoint.id);
  });

  it('disabling an endpoint gives up its pending messages; redelivery is refused until it is enabled', async () => {
    receiver.behave({ status: 500 });
    const { endpoint, logged } = await oneFailedAttempt('/paused');
    const disabled = await server.request(`/api/integration/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      headers: as(me),
      json: { isEnabled: false },
    });
    expect(await disabled.json()).toMatchObject({ isEnabled: false, disabledReason: 'admin' });
    const [given] = await deliveries(endpoint.id);
    expect(given!.status).toBe('failed');
    // No new event reaches a disabled endpoint.
    await machineReading(2, 150);
    await refillDrum(2);
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    const refused = await server.request(
      `/api/integration/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`,
      { method: 'POST', headers: as(me), json: {} },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'integration.webhook_disabled' });
    const enabled = await server.request(`/api/integration/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      headers: as(me),
      json: { isEnabled: true, events: ['drum.critical'] },
    });
    expect(await enabled.json()).toMatchObject({
      isEnabled: true,
      disabledReason: null,
      events: ['drum.critical'],
    });
    const empty = await server.request(`/api/integration/webhooks/${endpoint.id}`, {
      method: 'PATCH',
      headers: as(me),
      json: {},
    });
    expect(empty.status).toBe(400);
    await remove(endpoint.id);
  });

  it('disables an endpoint whose deliveries all failed for 3 days and tells each admin in their language', async () => {
    await server.database.db.insert(users).values({
      email: 'second-admin@example.com',
      accountId: me.accountId,
      role: 'admin',
      locale: 'en',
    });
    receiver.behave({ status: 500 });
    const { endpoint } = await register('/dead');
    await machineReading(2, 150);
    await refillDrum(2);
    const firstAt = time.clock().getTime();
    for (let round = 0; round < 30; round++) {
      await server.app.webhookWorker.runOnce();
      const [message] = await server.database.db
        .select()
        .from(webhookMessages)
        .where(eq(webhookMessages.endpointId, endpoint.id));
      if (!message?.nextAttemptAt) break;
      time.advance(
        Math.ceil((message.nextAttemptAt.getTime() - time.clock().getTime()) / 1000) + 1,
      );
    }
    const [given] = await deliveries(endpoint.id);
    expect(given!.status).toBe('failed');
    const attempts = given!.attempts.length;
    // 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, until the 3 days are over.
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(attempts).toBeLessThanOrEqual(12);
    expect(time.clock().getTime() - firstAt).toBeLessThanOrEqual(72 * 3600_000);
    const listed = await server.request('/api/integration/webhooks', { headers: as(me) });
    const { endpoints } = (await listed.json()) as { endpoints: WebhookEndpoint[] };
    expect(endpoints.find((candidate) => candidate.id === endpoint.id)).toMatchObject({
      isEnabled: false,
      disabledReason: 'failing',
    });
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'webhook_disabled')));
    const byAddress = Object.fromEntries(mails.map((mail) => [mail.toAddress, mail]));
    expect(Object.keys(byAddress).sort()).toEqual([me.email, 'second-admin@example.com'].sort());
    expect(byAddress[me.email]!.subject).toBe(`Webhook désactivé\u202f: ${receiver.url}/dead`);
    expect(byAddress['second-admin@example.com']!.subject).toBe(
      `Webhook disabled: ${receiver.url}/dead`,
    );
    expect(byAddress[me.email]!.text).toContain('HTTP 500');
    expect(byAddress[me.email]!.text).toContain('/integration');
    await remove(endpoint.id);
  });

  it('deletes an endpoint with its log', async () => {
    const { endpoint } = await register('/gone');
    await machineReading(1, 150);
    await refillDrum(1);
    await remove(endpoint.id);
    const left = await server.database.db
      .select()
      .from(webhookMessages)
      .where(eq(webhookMessages.endpointId, endpoint.id));
    expect(left).toEqual([]);
    const response = await server.request(`/api/integration/webhooks/${endpoint.id}/deliveries`, {
      headers: as(me),
    });
    expect(response.status).toBe(404);
  });
});
