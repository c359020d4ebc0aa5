import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrumListResponse } from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, cableProducts, drumTypes, drums, readings, sites, users } from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
let accountId = '';
let drumId = '';
let collectedDrumId = '';
let buyer = '';

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  const [account] = await db.insert(accounts).values({ name: 'Field Co' }).returning();
  accountId = account!.id;
  const [site] = await db
    .insert(sites)
    .values({ accountId, name: 'Quai', city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const rows = await db
    .insert(drums)
    .values(
      ['TR-FIELD', 'TR-GONE'].map((serial) => ({
        accountId,
        siteId: site!.id,
        productId: product!.id,
        drumTypeId: drumType!.id,
        serial,
        initialLengthM: 1000,
        installedOn: '2026-06-01',
      })),
    )
    .returning();
  drumId = rows[0]!.id;
  collectedDrumId = rows[1]!.id;
  await server.request('/api/users/signup', { json: { email: 'field@example.com' } });
  await db
    .update(users)
    .set({ accountId, role: 'buyer' })
    .where(eq(users.email, 'field@example.com'));
  const [link] = await server.linksFor('field@example.com');
  buyer = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
});
afterAll(() => server.close());

const post = (id: string, body: unknown, key?: string) =>
  server.request(`/api/refill/drums/${id}/readings`, {
    json: body,
    headers: { cookie: buyer, ...(key ? { 'idempotency-key': key } : {}) },
  });

const readingsOf = (id: string) => db.select().from(readings).where(eq(readings.drumId, id));

describe('readings taken offline', () => {
  it('records a reading sent twice with its Idempotency-Key once, dated when it was taken', async () => {
    const takenAt = '2026-11-23T07:30:00.000Z';
    const first = await post(drumId, { remainingM: 640, readAt: takenAt }, 'reading-key-0001');
    expect(first.status).toBe(201);
    const again = await post(drumId, { remainingM: 640, readAt: takenAt }, 'reading-key-0001');
    expect(again.status).toBe(201);
    const [firstBody, againBody] = [
      (await first.json()) as { readAt: string },
      (await again.json()) as { readAt: string },
    ];
    expect(againBody).toEqual(firstBody);
    expect(firstBody.readAt).toBe(takenAt);
    const stored = await readingsOf(drumId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.idempotencyKey).toBe('reading-key-0001');

    // The same key with another reading is a mistake of the device's, not a second reading.
    const other = await post(drumId, { remainingM: 600, readAt: takenAt }, 'reading-key-0001');
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ message: 'request.idempotency_mismatch' });
    expect(await readingsOf(drumId)).toHaveLength(1);
  });

  it('refuses a reading taken more than 30 days ago, and a malformed key', async () => {
    const old = await post(
      drumId,
      { remainingM: 900, readAt: '2026-10-20T10:00:00Z' },
      'old-reading-1',
    );
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({ message: 'reading.too_old' });
    const badKey = await post(drumId, { remainingM: 600, readAt: '2026-11-24T10:00:00Z' }, 'no');
    expect(badKey.status).toBe(400);
    expect(await readingsOf(drumId)).toHaveLength(1);
  });

  it('refuses a reading of a drum collected meanwhile', async () => {
    await db.update(drums).set({ collectedOn: '2026-11-24' }).where(eq(drums.id, collectedDrumId));
    const response = await post(
      collectedDrumId,
      { remainingM: 10, readAt: '2026-11-23T10:00:00Z' },
      'gone-drum-key-1',
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'collection.drum_collected' });
    expect(await readingsOf(collectedDrumId)).toHaveLength(0);
  });

  it('lists each drum with the public code its label carries', async () => {
    const response = await server.request('/api/refill/drums', { headers: { cookie: buyer } });
    const body = (await response.json()) as DrumListResponse;
    const [row] = await db.select().from(drums).where(eq(drums.id, drumId));
    expect(body.drums.find((drum) => drum.id === drumId)?.publicCode).toBe(row!.publicCode);
  });
});
