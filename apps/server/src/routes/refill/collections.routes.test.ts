import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, DrumListResponse, Inbox, WorkItemDetail } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  notifications,
  sites,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
// Monday 23 November 2026, 10:00 in Paris.
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let customer: Awaited<ReturnType<typeof customerAccount>>;
let other: Awaited<ReturnType<typeof customerAccount>>;
let viewer: { cookie: string };
let agent: { cookie: string; id: string };

async function signIn(email: string, set: Partial<typeof users.$inferInsert>) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  const cookie = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { cookie, id: user!.id };
}

let drumCount = 0;
async function addDrum(accountId: string, siteId: string) {
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  drumCount += 1;
  const [drum] = await db
    .insert(drums)
    .values({
      accountId,
      siteId,
      productId: product!.id,
      drumTypeId: drumType!.id,
      serial: `D-${drumCount}`,
      initialLengthM: 1000,
      installedOn: '2026-06-01',
    })
    .returning();
  return drum!.id;
}

async function customerAccount(name: string) {
  const [account] = await db.insert(accounts).values({ name }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: `${name} site`, city: 'Lyon', address: '1 rue A' })
    .returning();
  const { cookie, id } = await signIn(`${name}@example.com`, {
    accountId: account!.id,
    role: 'buyer',
    locale: 'fr',
  });
  return { cookie, userId: id, accountId: account!.id, siteId: site!.id };
}

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-files-')),
    },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  customer = await customerAccount('acme');
  other = await customerAccount('globex');
  viewer = await signIn('viewer@acme.example', { accountId: customer.accountId, role: 'viewer' });
  agent = await signIn('agent@provider.example', { role: 'agent', locale: 'en' });
}, 60_000);
afterAll(() => server.close());

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  server.request(path, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
const post = (cookie: string, path: string, json: unknown) =>
  as(cookie, path, { method: 'POST', json });

const release = (drumId: string, overrides: Record<string, unknown> = {}) => ({
  drumId,
  pickupAddress: '1 rue A\n69000 Lyon',
  timeSlots: [
    { date: '2026-12-14', period: 'morning' },
    { date: '2026-12-15', period: 'afternoon' },
  ],
  loadingMeans: 'forklift',
  comment: 'Gate B',
  ...overrides,
});

async function released(drumId: string, cookie = customer.cookie): Promise<Collection> {
  const response = await post(cookie, '/api/refill/collections', release(drumId));
  expect(response.status).toBe(201);
  time.advance(60);
  return (await response.json()) as Collection;
}

const staffMove = (id: string, json: unknown) =>
  post(agent.cookie, `/api/backoffice/items/${id}/transition`, json);

describe('releasing an empty drum', () => {
  it('creates a requested collection, acknowledged in its conversation, in the inbox, staff told', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const created = await released(drumId);
    expect(created).toMatchObject({
      number: expect.stringMatching(/^CO-\d{6}$/),
      status: 'requested',
      turn: 'provider',
      drum: { id: drumId },
      site: { id: customer.siteId },
      pickupAddress: '1 rue A\n69000 Lyon',
      loadingMeans: 'forklift',
      pickupDate: null,
      collectedOn: null,
    });
    const messages = (await (
      await as(customer.cookie, `/api/refill/collections/${created.id}/messages`)
    ).json()) as { messages: Array<{ author: string; body: string }> };
    expect(messages.messages[0]).toMatchObject({ author: 'service' });
    expect(messages.messages[0]?.body).toContain(created.number);

    const inbox = (await (
      await as(agent.cookie, '/api/backoffice/inbox?kind=collection')
    ).json()) as Inbox;
    expect(inbox.items.map((item) => item.id)).toContain(created.id);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'agent@provider.example'));
    expect(mails.some((mail) => mail.subject.includes(created.number))).toBe(true);
  });

  it('keeps a comment with emoji, quotes, line breaks and right-to-left text as written', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const comment = 'Grue 🏗️ "côté nord"\nمرحبا l\'équipe';
    const response = await post(
      customer.cookie,
      '/api/refill/collections',
      release(drumId, { comment }),
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as Collection).comment).toBe(comment);
  });

  it('refuses a second release of a drum with a collection under way: 409', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    await released(drumId);
    const again = await post(customer.cookie, '/api/refill/collections', release(drumId));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'collection.already_requested' });
  });

  it('refuses a slot in the past, a bad slot, loading means or address with a 400 and a code', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const past = await post(
      customer.cookie,
      '/api/refill/collections',
      release(drumId, { timeSlots: [{ date: '2026-11-20', period: 'morning' }] }),
    );
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      message: 'collection.slot_in_past',
      errors: [{ field: 'timeSlots.0.date', errorCode: 'field.invalid' }],
    });
    for (const bad of [
      { timeSlots: [] },
      { timeSlots: [{ date: '2026-11-24', period: 'night' }] },
      {
        timeSlots: [
          { date: '2026-11-24', period: 'morning' },
          { date: '2026-11-24', period: 'morning' },
        ],
      },
      { loadingMeans: 'helicopter' },
      { pickupAddress: '   ' },
      { comment: 'bell\u0007' },
    ]) {
      const response = await post(customer.cookie, '/api/refill/collections', release(drumId, bad));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('request.invalid');
    }
  });

  it('answers 401 without a session, 403 without the refill order ability, 404 for another account', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const anonymous = await server.request('/api/refill/collections', { json: release(drumId) });
    expect(anonymous.status).toBe(401);
    expect((await server.request('/api/refill/collections')).status).toBe(401);
    const readOnly = await post(viewer.cookie, '/api/refill/collections', release(drumId));
    expect(readOnly.status).toBe(403);
    expect((await as(viewer.cookie, '/api/refill/collections')).status).toBe(200);
    const foreign = await post(other.cookie, '/api/refill/collections', release(drumId));
    expect(foreign.status).toBe(404);
    const mine = await released(drumId);
    expect((await as(other.cookie, `/api/refill/collections/${mine.id}/messages`)).status).toBe(
      404,
    );
    const cancelForeign = await post(
      other.cookie,
      `/api/refill/collections/${mine.id}/transition`,
      { action: 'cancel' },
    );
    expect(cancelForeign.status).toBe(404);
    const list = (await (await as(other.cookie, '/api/refill/collections')).json()) as {
      collections: Collection[];
    };
    expect(list.collections.map((collection) => collection.id)).not.toContain(mine.id);
    // A customer on the staff route.
    expect(
      (
        await post(customer.cookie, `/api/backoffice/items/${mine.id}/transition`, {
          action: 'collect',
        })
      ).status,
    ).toBe(403);
  });
});

describe('a collection lifecycle', () => {
  it('is scheduled with a pickup date, collected, and the drum leaves the account: its rent stops', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const collection = await released(drumId);
    // Nothing to collect before it is scheduled; no pickup date, or one in the past, is refused.
    const early = await staffMove(collection.id, { action: 'collect' });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: 'workflow.transition_not_allowed' });
    const noDate = await staffMove(collection.id, { action: 'schedule' });
    expect(noDate.status).toBe(400);
    expect(await noDate.json()).toMatchObject({
      errors: [{ field: 'pickupDate', errorCode: 'field.required' }],
    });
    const pastDate = await staffMove(collection.id, {
      action: 'schedule',
      pickupDate: '2026-11-01',
    });
    expect(pastDate.status).toBe(400);
    expect(await pastDate.json()).toMatchObject({ message: 'collection.pickup_date_in_past' });

    const scheduled = await staffMove(collection.id, {
      action: 'schedule',
      pickupDate: '2026-11-25',
    });
    expect(scheduled.status).toBe(200);
    const detail = (await scheduled.json()) as WorkItemDetail;
    expect(detail).toMatchObject({
      status: 'scheduled',
      assignee: { id: agent.id },
      collection: { pickupDate: '2026-11-25', drum: { id: drumId } },
      actions: ['collect', 'cancel'],
    });
    // A replay changes nothing and answers as the first time.
    const replay = await staffMove(collection.id, { action: 'schedule', pickupDate: '2026-11-26' });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as WorkItemDetail).collection?.pickupDate).toBe('2026-11-25');
    // The customer can no longer cancel once it is scheduled.
    const lateCancel = await post(
      customer.cookie,
      `/api/refill/collections/${collection.id}/transition`,
      { action: 'cancel' },
    );
    expect(lateCancel.status).toBe(409);

    const before = (await (
      await as(customer.cookie, '/api/refill/drums')
    ).json()) as DrumListResponse;
    const onSite = before.drums.find((drum) => drum.id === drumId);
    expect(onSite?.rent.daysOnSite).toBeGreaterThan(0);

    // Two days on, the truck comes.
    time.advance(2 * 24 * 3600);
    const collected = await staffMove(collection.id, { action: 'collect' });
    expect(collected.status).toBe(200);
    expect(((await collected.json()) as WorkItemDetail).collection?.collectedOn).toBe('2026-11-25');
    const [drum] = await db.select().from(drums).where(eq(drums.id, drumId));
    expect(drum?.collectedOn).toBe('2026-11-25');
    const after = (await (
      await as(customer.cookie, '/api/refill/drums')
    ).json()) as DrumListResponse;
    expect(after.drums.map((row) => row.id)).not.toContain(drumId);
    const again = await staffMove(collection.id, { action: 'collect' });
    expect(again.status).toBe(200);
    const cancelAfter = await staffMove(collection.id, { action: 'cancel', reason: 'Too late' });
    expect(cancelAfter.status).toBe(409);

    // Released again once collected: the drum has gone.
    const gone = await post(customer.cookie, '/api/refill/collections', release(drumId));
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ message: 'collection.drum_collected' });

    // The customer sees the whole story, and was told at each step in French, in the app too.
    const [mine] = (
      (await (await as(customer.cookie, '/api/refill/collections')).json()) as {
        collections: Collection[];
      }
    ).collections.filter((row) => row.id === collection.id);
    expect(mine).toMatchObject({ status: 'collected', turn: null, collectedOn: '2026-11-25' });
    expect(mine?.timeline.map((event) => event.action)).toEqual([
      'create',
      'schedule',
      'claim',
      'collect',
    ]);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'acme@example.com'));
    expect(mails.filter((mail) => mail.subject.includes(collection.number))).toHaveLength(2);
    expect(mails.some((mail) => mail.subject.includes('Enlèvement de touret'))).toBe(true);
    const inApp = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, customer.userId), eq(notifications.itemId, collection.id)),
      );
    expect(inApp.map((row) => row.action).sort()).toEqual(['collect', 'schedule']);
  });

  it('is cancelled by the customer while requested (idempotent), and the drum may be released again', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const collection = await released(drumId);
    const path = `/api/refill/collections/${collection.id}/transition`;
    const cancelled = await post(customer.cookie, path, { action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', turn: null });
    const replay = await post(customer.cookie, path, { action: 'cancel' });
    expect(replay.status).toBe(200);
    expect(
      ((await replay.json()) as Collection).timeline.filter((e) => e.action === 'cancel'),
    ).toHaveLength(1);
    await released(drumId);
  });

  it('is cancelled by staff with a reason the customer sees; conversation goes both ways', async () => {
    const drumId = await addDrum(customer.accountId, customer.siteId);
    const collection = await released(drumId);
    const message = await post(
      customer.cookie,
      `/api/refill/collections/${collection.id}/messages`,
      { body: 'Le touret est derrière le hangar' },
    );
    expect(message.status).toBe(201);
    time.advance(60);
    const reply = await post(agent.cookie, `/api/backoffice/items/${collection.id}/messages`, {
      body: 'Noted',
    });
    expect(reply.status).toBe(201);
    const detail = (await reply.json()) as WorkItemDetail;
    expect(detail.messages.map((m) => m.body)).toEqual([
      expect.stringContaining(collection.number),
      'Le touret est derrière le hangar',
      'Noted',
    ]);
    const noReason = await staffMove(collection.id, { action: 'cancel' });
    expect(noReason.status).toBe(400);
    const cancelled = await staffMove(collection.id, {
      action: 'cancel',
      reason: 'Drum not empty',
    });
    expect(cancelled.status).toBe(200);
    const [mine] = (
      (await (await as(customer.cookie, '/api/refill/collections')).json()) as {
        collections: Collection[];
      }
    ).collections.filter((row) => row.id === collection.id);
    expect(mine).toMatchObject({ status: 'cancelled', statusReason: 'Drum not empty' });
  });
});

describe('GET /api/exports/collections', () => {
  it('downloads the collections as CSV and XLSX in the reader language', async () => {
    const csv = await as(customer.cookie, '/api/exports/collections?format=csv');
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body).toContain("Adresse d'enlèvement");
    expect(body).toMatch(/CO-\d{6}/);
    const xlsx = await as(customer.cookie, '/api/exports/collections?format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await server.request('/api/exports/collections?format=csv')).status).toBe(401);
  });
});
