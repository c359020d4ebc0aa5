import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, Presence, RefillRequest, WorkItemDetail } from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, cableProducts, drumTypes, drums, readings, sites, users } from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
// Monday 23 November 2026, 10:00 in Paris.
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));

async function signIn(email: string, set: Partial<typeof users.$inferInsert>) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  return sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

async function customerAccount(name: string) {
  const [account] = await db.insert(accounts).values({ name }).returning();
  const siteRows = await db
    .insert(sites)
    .values([
      { accountId: account!.id, name: `${name} north`, city: 'Lyon' },
      { accountId: account!.id, name: `${name} south`, city: 'Nice' },
    ])
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const drumRows = await db
    .insert(drums)
    .values(
      siteRows.map((site, index) => ({
        accountId: account!.id,
        siteId: site.id,
        productId: product!.id,
        drumTypeId: drumType!.id,
        serial: `${name}-${index}`,
        initialLengthM: 1000,
        installedOn: '2026-06-01',
      })),
    )
    .returning();
  const cookie = await signIn(`${name}@example.com`, { accountId: account!.id, role: 'admin' });
  return { cookie, accountId: account!.id, sites: siteRows, drums: drumRows };
}

/** An open event stream: the events it got so far, and a wait for one. */
interface Stream {
  events: LiveEvent[];
  ids: string[];
  resets: number;
  ended: Promise<void>;
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

async function openStream(cookie: string, lastEventId?: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await server.request('/api/live', {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('x-accel-buffering')).toBe('no');
  expect(response.headers.get('content-encoding')).toBeNull();
  const stream: Stream = {
    events: [],
    ids: [],
    resets: 0,
    ended: Promise.resolve(),
    async next(match, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = stream.events.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no such event; got ${JSON.stringify(stream.events)}`);
    },
    close: () => controller.abort(),
  };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (/^event: reset$/m.test(block)) stream.resets += 1;
          else if (data) stream.events.push(JSON.parse(data) as LiveEvent);
          if (id) stream.ids.push(id);
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return stream;
}

let acme: Awaited<ReturnType<typeof customerAccount>>;
let globex: Awaited<ReturnType<typeof customerAccount>>;
let northOnly: string;
let agentA: string;
let agentB: string;

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100', LIVE_STREAMS_PER_USER: '3' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  acme = await customerAccount('acme');
  globex = await customerAccount('globex');
  northOnly = await signIn('north@acme.example', {
    accountId: acme.accountId,
    role: 'buyer',
    siteIds: [acme.sites[0]!.id],
  });
  agentA = await signIn('agent.a@provider.example', { role: 'agent', firstName: 'Alice' });
  agentB = await signIn('agent.b@provider.example', { role: 'agent', firstName: 'Bruno' });
}, 60_000);
afterAll(() => server.close());

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  server.request(path, { ...init, headers: { cookie, ...(init.headers ?? {}) } });

let keyCount = 0;
async function requestRefill(siteIndex: number): Promise<RefillRequest> {
  keyCount += 1;
  const response = await as(acme.cookie, '/api/refill/requests', {
    method: 'POST',
    headers: { 'idempotency-key': `live-key-${keyCount}-abcdef` },
    json: {
      items: [{ drumId: acme.drums[siteIndex]!.id, quantity: 1 }],
      siteId: acme.sites[siteIndex]!.id,
      deliveryDate: '2026-11-30',
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RefillRequest;
}

describe('GET /api/live', () => {
  it('refuses a visitor', async () => {
    const response = await server.request('/api/live');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'auth.unauthenticated' });
  });

  it("tells each person of what they may read, never another account's or site's", async () => {
    const agent = await openStream(agentA);
    const customer = await openStream(acme.cookie);
    const north = await openStream(northOnly);
    const other = await openStream(globex.cookie);
    const south = await requestRefill(1);
    const isSouth = (event: LiveEvent) => event.subjectId === south.id && event.kind === 'item';
    expect(await agent.next(isSouth)).toMatchObject({ kind: 'item', subjectId: south.id });
    expect(await customer.next(isSouth)).toEqual({
      id: expect.stringMatching(/^\d+$/),
      kind: 'item',
      subjectId: south.id,
      version: expect.any(String),
    });

    // The customer writes: the agent hears of a message on the item.
    await as(acme.cookie, `/api/refill/requests/${south.id}/messages`, {
      method: 'POST',
      json: { body: 'Gate B, please' },
    });
    await agent.next((event) => event.kind === 'message' && event.subjectId === south.id);

    // A drum's reading on the north site: its account and its site's buyer hear of it.
    await db.insert(readings).values({
      drumId: acme.drums[0]!.id,
      readAt: time.clock(),
      remainingM: 400,
      source: 'manual',
    });
    const isNorthDrum = (event: LiveEvent) =>
      event.kind === 'drum' && event.subjectId === acme.drums[0]!.id;
    await north.next(isNorthDrum);
    await customer.next(isNorthDrum);

    // Something everyone may hear has arrived after all the rest: nothing else came.
    const north2 = await requestRefill(0);
    await other.next(() => false, 300).catch(() => undefined);
    await north.next((event) => event.subjectId === north2.id);
    expect(other.events).toEqual([]);
    expect(north.events.some((event) => event.subjectId === south.id)).toBe(false);
    expect(agent.events.some(isNorthDrum)).toBe(false);
    for (const stream of [agent, customer, north, other]) stream.close();
  });

  it('resumes after Last-Event-ID with what was missed, and resets from an unknown one', async () => {
    const first = await openStream(agentA);
    const before = await requestRefill(0);
    await first.next((event) => event.subjectId === before.id);
    const lastId = first.ids.at(-1)!;
    first.close();

    const missed = await requestRefill(1);
    const resumed = await openStream(agentA, lastId);
    await resumed.next((event) => event.subjectId === missed.id);
    expect(resumed.events.some((event) => event.subjectId === before.id)).toBe(false);
    resumed.close();

    const unknown = await openStream(agentA, 'not-a-number');
    await expect.poll(() => unknown.resets).toBe(1);
    unknown.close();
  });

  it("refuses a person's streams past the limit with 429, and takes one again once one closed", async () => {
    const cookie = await signIn('many-tabs@acme.example', {
      accountId: acme.accountId,
      role: 'viewer',
    });
    const open = [await openStream(cookie), await openStream(cookie), await openStream(cookie)];
    const refused = await as(cookie, '/api/live');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'request.rate_limited' });
    open[0]!.close();
    await expect
      .poll(async () => {
        const stream = await openStream(cookie).catch(() => undefined);
        stream?.close();
        return stream !== undefined;
      })
      .toBe(true);
    for (const stream of open) stream.close();
  });

  it('ends when its session is signed out', async () => {
    const cookie = await signIn('leaving@acme.example', {
      accountId: acme.accountId,
      role: 'buyer',
    });
    const stream = await openStream(cookie);
    const signOut = await as(cookie, '/api/users/signout', { method: 'POST', json: {} });
    expect(signOut.status).toBe(204);
    await expect(
      Promise.race([
        stream.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
      ]),
    ).resolves.toBe('ended');
  });
});

describe('presence and the reply check', () => {
  it('shows who else is on an item and typing, to staff only, until their time passes', async () => {
    const item = await requestRefill(0);
    const path = `/api/backoffice/items/${item.id}/presence`;
    const stream = await openStream(agentB);
    const typing = await as(agentA, path, { method: 'PUT', json: { isTyping: true } });
    expect(typing.status).toBe(200);
    expect(await typing.json()).toEqual({ others: [] });
    await stream.next((event) => event.kind === 'presence' && event.subjectId === item.id);
    const seen = (await (await as(agentB, path)).json()) as Presence;
    expect(seen.others).toEqual([
      { userId: expect.any(String), name: expect.stringContaining('Alice'), isTyping: true },
    ]);
    expect((await as(acme.cookie, path)).status).toBe(403);
    expect((await as(agentA, path, { method: 'PUT', json: { isTyping: 'yes' } })).status).toBe(400);
    time.advance(31);
    expect(((await (await as(agentB, path)).json()) as Presence).others).toEqual([]);
    stream.close();
  });

  it('refuses a reply written before a newer message arrived, with 409, and sends it once seen', async () => {
    const item = await requestRefill(0);
    const reply = (cookie: string, seenMessages: number) =>
      as(cookie, `/api/backoffice/items/${item.id}/messages?lang=en`, {
        method: 'POST',
        json: { body: 'We deliver on Monday', seenMessages },
      });
    // Both agents opened the item and saw the same messages; the first to send wins.
    const opened = (await (
      await as(agentA, `/api/backoffice/items/${item.id}?lang=en`)
    ).json()) as WorkItemDetail;
    const seen = opened.messages.length;
    const first = await reply(agentA, seen);
    expect(first.status).toBe(201);
    const sent = (await first.json()) as WorkItemDetail;
    const late = await reply(agentB, seen);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: 'workflow.newer_message' });
    expect((await reply(agentB, sent.messages.length)).status).toBe(201);
  });
});
