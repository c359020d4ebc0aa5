import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  refillRequestItems,
  refillRequests,
  sites,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { renderingLoad } from '../../services/documents/document-renderer';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { readPdf } from '../../../test/pdf';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Documents are drawn off the request thread, a few at a time, and each user has a number of
// them a minute: a burst of heavy documents does not hold the health check (or any other answer),
// and past the limit the answer is 429 with Retry-After and its own code.
let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
const rendersPerMinute = 7;
/** A long comment of varied text, the kind that made documents slow to draw. */
const comment = [
  "Livraison par le portail nord (accès B) : appeler M. Dupont au 06 12 34 56 78 avant d'arriver.",
  'Grue sur place, déchargement côté quai n°3 — prévoir palettes, sangles et cales ; كابل 🧵.',
  'Ωμέγα, Привет, ñ, ç, ß, œ, ‰, €, « guillemets », 1/2, 3/4, ½, ¾, ², ³, µ, ±, ×, ÷.',
]
  .join(' ')
  .repeat(5)
  .slice(0, 1000);
let cookie = '';
let notePath = '';

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      RATE_LIMIT_DOCUMENTS_PER_USER_MINUTE: String(rendersPerMinute),
    },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  const [account] = await db.insert(accounts).values({ name: 'Rendering Co' }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: 'Quai nord', city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  // A delivery note of several pages: its drawing is long enough to be seen from outside.
  const drumRows = await db
    .insert(drums)
    .values(
      Array.from({ length: 80 }, (_, index) => ({
        accountId: account!.id,
        siteId: site!.id,
        productId: product!.id,
        drumTypeId: drumType!.id,
        serial: `TR-${String(index).padStart(4, '0')} ${comment.slice(index, index + 40)}`,
        initialLengthM: 1000,
        installedOn: '2026-06-01',
      })),
    )
    .returning();

  const email = 'renders@example.com';
  await server.request('/api/users/signup', { json: { email } });
  await db
    .update(users)
    .set({ accountId: account!.id, role: 'admin' })
    .where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  cookie = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [request] = await db
    .insert(refillRequests)
    .values({
      accountId: account!.id,
      createdByUserId: user!.id,
      siteId: site!.id,
      deliveryDate: '2026-12-02',
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33 6 12 34 56 78',
      comment,
      status: 'confirmed',
      idempotencyKey: 'rendering',
      createdAt: time.clock(),
    })
    .returning();
  await db
    .insert(refillRequestItems)
    .values(drumRows.map((drum) => ({ requestId: request!.id, drumId: drum.id, quantity: 1 })));
  notePath = `/api/documents/refill-requests/${request!.id}/delivery-note`;
}, 60_000);
afterAll(() => server.close());

const getNote = () => server.request(notePath, { headers: { cookie } });

/** The time /api/health takes to answer 200, in milliseconds. */
async function healthLatency(): Promise<number> {
  const startedAt = performance.now();
  const response = await server.request('/api/health');
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - startedAt;
}

describe('rendering documents', () => {
  it('draws six heavy documents at once while /api/health keeps answering at once', async () => {
    // The first document starts the rendering thread; its text is the whole comment.
    const first = await getNote();
    expect(first.status).toBe(200);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const { text } = readPdf(firstBytes, 'rendering');
    expect(text).toContain('TR-0079');
    expect(text.replace(/\s+/g, '')).toContain(comment.slice(0, 60).replace(/\s+/g, ''));

    const baseline: number[] = [];
    for (let index = 0; index < 10; index += 1) baseline.push(await healthLatency());

    const renderStartedAt = performance.now();
    const renderTimes: number[] = [];
    let rendering = true;
    const renders = Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await getNote();
        const bytes = new Uint8Array(await response.arrayBuffer());
        renderTimes.push(performance.now() - renderStartedAt);
        return { status: response.status, type: response.headers.get('content-type'), bytes };
      }),
    ).finally(() => {
      rendering = false;
    });
    // Health checks one after the other, for as long as documents are being drawn.
    const during: Array<{ latency: number; whileDrawing: boolean }> = [];
    while (rendering) {
      const latency = await healthLatency();
      during.push({
        latency,
        whileDrawing: renderingLoad().drawing > 0,
      });
    }

    for (const render of await renders) {
      expect(render.status).toBe(200);
      expect(render.type).toBe('application/pdf');
      // The same document, whole.
      expect(new TextDecoder().decode(render.bytes.subarray(0, 5))).toBe('%PDF-');
      expect(render.bytes.length).toBe(firstBytes.length);
    }
    const firstDone = Math.min(...renderTimes);

    // Health answered while documents were being drawn: drawing on the request thread, no answer
    // could come out in the middle of a drawing.
    expect(during.filter((check) => check.whileDrawing).length).toBeGreaterThan(0);
    // Its usual answer stays close to its usual answer when idle, far below a document's time.
    // (Medians: this machine's other work makes single answers jump either way.)
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const usualDuring = median(during.map((check) => check.latency));
    expect(usualDuring).toBeLessThan(median(baseline) + firstDone / 4);
  });

  it('refuses a user past their documents of the minute with 429 and Retry-After', async () => {
    // The test above drew seven: the limit.
    const refused = await getNote();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'documents.too_many_renders',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Without a session the answer is 401 before any count.
    expect((await server.request(notePath)).status).toBe(401);

    time.advance(61);
    expect((await getNote()).status).toBe(200);
  });
});
