import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertSettings, cableProducts, readings, sites } from '../../db/schema';
import { createFakeClock } from '../../../test/clock';
import { createCustomer, type Customer } from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';

interface Overview {
  drums: Array<{
    id: string;
    remainingM: number;
    lastReadingAt: string | null;
    site: { name: string };
    product: { reference: string };
  }>;
  thresholds: { thresholdPct: number };
}

// The drum overview is kept per account until a change to what it shows is announced: whatever
// changes, the next read shows it, whether this server, another process or a person at psql
// made the change.
describe('the drum overview, kept until something it shows changes', () => {
  let server: TestServer;
  let time: ReturnType<typeof createFakeClock>;
  let customer: Customer;

  beforeEach(async () => {
    time = createFakeClock(new Date('2026-11-22T12:00:00Z'));
    server = await startTestServer({ clock: time.clock, cacheDrumOverviews: true });
    customer = await createCustomer(server, `overview${Math.random().toString(36).slice(2, 8)}`);
  });
  afterEach(() => server.close());

  const overview = async (cookie = customer.cookie): Promise<Overview> => {
    const response = await server.request('/api/refill/drums', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as Overview;
  };
  const remainingOf = (list: Overview, drumId: string) =>
    list.drums.find((drum) => drum.id === drumId)?.remainingM;

  it('answers the same overview twice, and a reading recorded through the API at once', async () => {
    const drumId = customer.drumIds[0]!;
    const before = await overview();
    expect(remainingOf(before, drumId)).toBe(800);
    expect(await overview()).toEqual(before);

    const recorded = await server.request(`/api/refill/drums/${drumId}/readings`, {
      headers: { cookie: customer.cookie },
      json: { remainingM: 640, readAt: time.clock().toISOString() },
    });
    expect(recorded.status).toBe(201);
    expect(remainingOf(await overview(), drumId)).toBe(640);
  });

  it('sends the kept overview byte for byte as computed, compressed as the client takes it', async () => {
    const get = (acceptEncoding?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/refill/drums',
        headers: {
          cookie: customer.cookie,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const computed = await get();
    expect(computed.statusCode).toBe(200);
    expect(computed.headers['content-encoding']).toBeUndefined();
    expect(Number(computed.headers['content-length'])).toBe(computed.rawPayload.length);
    const kept = await get();
    expect(kept.rawPayload.equals(computed.rawPayload)).toBe(true);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(kept.headers.vary).toMatch(/accept-encoding/i);

    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).equals(computed.rawPayload)).toBe(true);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(computed.rawPayload)).toBe(true);
    expect(gzip.rawPayload.length).toBeLessThan(computed.rawPayload.length);
  });

  it('shows a change written behind the server once the database announces it', async () => {
    const drumId = customer.drumIds[0]!;
    expect(remainingOf(await overview(), drumId)).toBe(800);
    const db = server.database.db;
    await db
      .insert(readings)
      .values({ drumId, readAt: time.clock(), remainingM: 500, source: 'manual' });
    await vi.waitFor(async () => expect(remainingOf(await overview(), drumId)).toBe(500), {
      timeout: 2_000,
    });

    await db.update(sites).set({ name: 'Renamed site' }).where(eq(sites.id, customer.siteId));
    await vi.waitFor(
      async () => expect((await overview()).drums[0]?.site.name).toBe('Renamed site'),
      {
        timeout: 2_000,
      },
    );

    await db
      .insert(alertSettings)
      .values({ accountId: customer.accountId, thresholdPct: 35, criticalPct: 10 })
      .onConflictDoUpdate({ target: alertSettings.accountId, set: { thresholdPct: 35 } });
    await vi.waitFor(async () => expect((await overview()).thresholds.thresholdPct).toBe(35), {
      timeout: 2_000,
    });

    // The catalogue is every account's: a change to it is announced to all.
    const drumProduct = (await overview()).drums[0]!.product.reference;
    await db
      .update(cableProducts)
      .set({ reference: `${drumProduct}-B` })
      .where(eq(cableProducts.reference, drumProduct));
    await vi.waitFor(
      async () => expect((await overview()).drums[0]?.product.reference).toBe(`${drumProduct}-B`),
      { timeout: 2_000 },
    );
  });

  it('computes the figures again once a minute has passed, as the clock moves them', async () => {
    const drumId = customer.drumIds[0]!;
    const before = await overview();
    // A reading dated in the past minute's future is not part of the overview until it is due.
    await server.database.db.insert(readings).values({
      drumId,
      readAt: new Date(time.clock().getTime() + 30_000),
      remainingM: 300,
      source: 'manual',
    });
    // Announced, so the overview is forgotten; computed again, the reading is not due yet.
    await vi.waitFor(async () => expect(await overview()).toEqual(before), { timeout: 2_000 });
    time.advance(61);
    expect(remainingOf(await overview(), drumId)).toBe(300);
  });

  it("keeps each account's overview apart", async () => {
    const other = await createCustomer(server, `other${Math.random().toString(36).slice(2, 8)}`);
    const mine = await overview();
    const theirs = await overview(other.cookie);
    expect(mine.drums.map((drum) => drum.id).sort()).toEqual([...customer.drumIds].sort());
    expect(theirs.drums.map((drum) => drum.id).sort()).toEqual([...other.drumIds].sort());
    // Asked again, from the cache: still each account its own.
    expect((await overview()).drums.map((drum) => drum.id).sort()).toEqual(
      [...customer.drumIds].sort(),
    );
  });
});
