import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import {
  callMachine,
  createApiKey,
  createCustomer,
  databaseFingerprint,
  setAccountSuspension,
  signInAsStaff,
  type Customer,
} from '../../../test/reliability/fixtures';
import { examples } from '../../../test/reliability/operation-examples';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';

/**
 * A suspended account is stopped every way in and out, over HTTP: its API keys are answered
 * 401 `auth.suspended` on every machine operation (drums, readings, LoRaWAN) and write nothing;
 * its webhook messages are held, not sent, and not lost; mails to its users are given up with
 * the reason recorded, except the sign-in link. Lifting the suspension opens the keys again and
 * sends the held messages, even after more than their 3 days of retries.
 */
const time = createFakeClock(new Date());
let receiver: WebhookReceiver;
let server: TestServer;
let customer: Customer;
let manager: string;
let key: string;

const machine = (method: string, path: string, body?: unknown) =>
  callMachine(server, key, method, path, body);

const drums = () => machine('GET', '/api/v1/drums');
const reading = (remainingLength: number) =>
  machine('POST', '/api/v1/readings', {
    readings: [{ drumSerial: 'suspco-1', remainingLength, measuredAt: time.clock().toISOString() }],
  });
const uplink = () =>
  machine(
    'POST',
    '/api/v1/ingest/lorawan',
    examples['POST /api/v1/ingest/lorawan']!.body!({} as never, customer),
  );

const setSuspended = (suspended: boolean) =>
  setAccountSuspension(server, manager, customer.accountId, suspended);

const answer = async (response: Response) => [
  response.status,
  ((await response.json()) as { message?: string }).message,
];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
    webhookDelivery: { extraCa: receiver.certificate, allowPrivateAddresses: true },
  });
  customer = await createCustomer(server, 'suspco');
  key = (await createApiKey(server, customer)).key;
  manager = (await signInAsStaff(server, 'boss@provider.example', 'manager')).cookie;
  const hook = await server.request('/api/integration/webhooks', {
    headers: { cookie: customer.cookie },
    json: { url: `${receiver.url}/held`, events: ['drum.low', 'drum.critical'] },
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('a suspended account', () => {
  it('refuses its API keys on every machine operation with auth.suspended, writing nothing; lifting opens them again', async () => {
    expect((await drums()).status).toBe(200);
    await setSuspended(true);
    const before = await databaseFingerprint(server.database.db);
    for (const call of [drums, () => reading(500), uplink]) {
      const response = await call();
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await answer(response)).toEqual([401, 'auth.suspended']);
    }
    expect(await databaseFingerprint(server.database.db)).toEqual(before);
    await setSuspended(false);
    expect((await drums()).status).toBe(200);
    expect((await reading(600)).status).toBe(200);
    expect((await uplink()).status).toBe(202);
  });

  it('holds its webhook messages while suspended, past their 3 days of retries, and sends them once lifted', async () => {
    expect((await reading(1000)).status).toBe(200);
    expect((await reading(20)).status).toBe(200);
    await setSuspended(true);
    receiver.received.length = 0;
    expect(await server.app.webhookWorker.runOnce()).toBe(0);
    time.advance(4 * 24 * 3600);
    expect(await server.app.webhookWorker.runOnce()).toBe(0);
    expect(receiver.received).toEqual([]);
    await setSuspended(false);
    expect(await server.app.webhookWorker.runOnce()).toBe(1);
    expect(receiver.received.map((hook) => JSON.parse(hook.body) as { type: string })).toEqual([
      expect.objectContaining({ type: 'drum.critical' }),
    ]);
  });

  it('gives up the mails to its users with the reason, but still sends them the sign-in link', async () => {
    expect((await reading(1000)).status).toBe(200);
    expect((await reading(20)).status).toBe(200);
    // Suspending asks for a sign-in within ten minutes; the test above moved the clock on by days.
    manager = (await signInAsStaff(server, 'boss@provider.example', 'manager')).cookie;
    await setSuspended(true);
    time.advance(120);
    const signUp = await server.request('/api/users/signup', { json: { email: customer.email } });
    expect(signUp.status).toBe(202);
    await server.app.mailWorker.runOnce();
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, customer.email)));
    const alert = mails.filter((mail) => mail.kind === 'drum_alert').at(-1);
    expect(alert).toMatchObject({ sentAt: null, lastError: 'recipient account suspended' });
    expect(alert?.failedAt).not.toBeNull();
    const link = mails.filter((mail) => mail.kind === 'sign_in_link').at(-1);
    expect(link?.sentAt).not.toBeNull();
    await setSuspended(false);
  });
});
