import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARE_PART_COUNT_CAP, type SparePartPage } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  partCategories,
  readings,
  sites,
  spareParts,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { seedSpareParts, seedSparePartTaxonomy } from '../../seed/spare-parts-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
let admin: string;
let drumId = '';
/** Enough readings for an export of about 2 MB, 30 chunks of 64 KiB. */
const READING_COUNT = 40_000;
/** Past the screen's count cap: the export must not stop there. */
const PART_COUNT = 2_500;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, PART_COUNT);
  const [account] = await db.insert(accounts).values({ name: 'Signal Co' }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: 'Quai', city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const [drum] = await db
    .insert(drums)
    .values({
      accountId: account!.id,
      siteId: site!.id,
      productId: product!.id,
      drumTypeId: drumType!.id,
      serial: 'TR-SENSOR',
      initialLengthM: 1000,
      installedOn: '2026-01-01',
    })
    .returning();
  drumId = drum!.id;
  // A sensor with a weak signal, one reading a minute.
  await db.execute(sql`
    insert into ${readings} (drum_id, read_at, remaining_m, source, battery_pct, signal_dbm)
    select ${drumId}, timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute',
      1000 - n * 0.02, 'sensor', 80, -94
    from generate_series(1, ${READING_COUNT}) as n`);
  const email = 'signal-admin@example.com';
  await server.request('/api/users/signup', { json: { email } });
  await db
    .update(users)
    .set({ accountId: account!.id, role: 'admin' })
    .where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  admin = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}, 120_000);
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  server.request(path, { headers: { cookie: admin, ...headers } });

/** The CSV's rows (no cell of these exports holds a separator, a quote or a line break). */
async function csvRows(response: Response, separator: string): Promise<string[][]> {
  expect(response.status).toBe(200);
  const body = (await response.text()).replace(/^\uFEFF/, '');
  return body
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(separator));
}

describe('a drum readings export', () => {
  it('writes a signal of -94 dBm as the number -94, not as text', async () => {
    const rows = await csvRows(
      await get(`/api/exports/drums/${drumId}/readings?format=csv&from=2026-01-01&to=2026-01-01`),
      ';',
    );
    expect(rows[0]).toEqual(['Date', 'Restant (m)', 'Origine', 'Batterie (%)', 'Signal (dBm)']);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows.slice(1)) expect(row[4]).toBe('-94');
  });

  // A browser asks for brotli or gzip: the rows must reach it while the export is still being
  // written, not all at once at its end.
  for (const encoding of ['br', 'gzip']) {
    it(`arrives a chunk at a time when compressed with ${encoding}`, async () => {
      const started = performance.now();
      const response = await get(`/api/exports/drums/${drumId}/readings?format=csv`, {
        'accept-encoding': encoding,
      });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let firstRowsAt: number | undefined;
      let text = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (firstRowsAt === undefined && text.split('\r\n').length > 10) {
          firstRowsAt = performance.now() - started;
        }
      }
      const endedAt = performance.now() - started;
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(READING_COUNT + 1);
      // The first 64 KiB are a thirtieth of the file: they come well before the end, not in one
      // burst with the rest.
      expect(endedAt - firstRowsAt!).toBeGreaterThan(endedAt / 4);
    });
  }
});

describe('a spare-parts export', () => {
  it('holds every part the filters select, past the count the screen stops at', async () => {
    const all = await csvRows(await get('/api/exports/spareparts?format=csv'), ';');
    expect(PART_COUNT).toBeGreaterThan(SPARE_PART_COUNT_CAP);
    expect(all).toHaveLength(PART_COUNT + 1);
    const [category] = await db.select().from(partCategories).orderBy(asc(partCategories.code));
    const inCategory = await db.$count(spareParts, eq(spareParts.categoryId, category!.id));
    const filtered = await csvRows(
      await get(`/api/exports/spareparts?format=csv&category=${category!.id}`),
      ';',
    );
    expect(filtered).toHaveLength(inCategory + 1);
  });

  it("keeps the screen's order: its first pages, then the rest in the same order", async () => {
    for (const sort of ['-unitPrice', 'designation', '-partNumber', 'availability']) {
      const exported = (
        await csvRows(await get(`/api/exports/spareparts?format=csv&sort=${sort}`), ';')
      )
        .slice(1)
        .map((row) => row[0]);
      expect(new Set(exported).size).toBe(PART_COUNT);
      const onScreen: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const response = await get(`/api/spareparts?sort=${sort}&pageSize=100&page=${page}`);
        const body = (await response.json()) as SparePartPage;
        onScreen.push(...body.items.map((part) => part.partNumber));
      }
      expect(exported.slice(0, onScreen.length)).toEqual(onScreen);
    }
    const byPrice = await db
      .select({ partNumber: spareParts.partNumber })
      .from(spareParts)
      .orderBy(desc(spareParts.unitPriceCents), asc(spareParts.partNumber));
    const exported = (
      await csvRows(await get('/api/exports/spareparts?format=csv&sort=-unitPrice'), ';')
    )
      .slice(1)
      .map((row) => row[0]);
    expect(exported).toEqual(byPrice.map((row) => row.partNumber));
  });

  it('exports a search as the screen counts it, and answers 400 for an order it does not know', async () => {
    const [part] = await db.select().from(spareParts).orderBy(asc(spareParts.partNumber)).limit(1);
    const word = part!.designationFr.split(' ')[0]!;
    const screen = (await (
      await get(`/api/spareparts?search=${encodeURIComponent(word)}`)
    ).json()) as SparePartPage;
    expect(screen.totalCapped).toBe(false);
    const rows = await csvRows(
      await get(`/api/exports/spareparts?format=csv&search=${encodeURIComponent(word)}`),
      ';',
    );
    expect(rows.length - 1).toBe(screen.total);
    expect((await get('/api/exports/spareparts?format=csv&sort=price')).status).toBe(400);
  });
});
