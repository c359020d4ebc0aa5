import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, cableProducts, drumTypes, drums, readings, sites, users } from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
const awkwardSerial = '=SUM(1) "Quai", 🧵\nكابل';
const mine = { accountId: '', siteId: '', drumIds: [] as string[] };
let otherDrumId = '';
let admin: string;
let viewer: string;

async function signInAs(email: string, role: Role, account: string | null): Promise<string> {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set({ accountId: account, role }).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
  });
  return sessionCookie(response);
}

async function accountWithDrums(name: string, serials: string[]) {
  const [account] = await db.insert(accounts).values({ name }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: `${name} site`, city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const rows = await db
    .insert(drums)
    .values(
      serials.map((serial) => ({
        accountId: account!.id,
        siteId: site!.id,
        productId: product!.id,
        drumTypeId: drumType!.id,
        serial,
        initialLengthM: 1000,
        installedOn: '2026-06-01',
      })),
    )
    .returning();
  return { accountId: account!.id, siteId: site!.id, drumIds: rows.map((row) => row.id) };
}

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  Object.assign(mine, await accountWithDrums('Export Co', [awkwardSerial, 'TR-LOW']));
  otherDrumId = (await accountWithDrums('Other Co', ['TR-OTHER'])).drumIds[0]!;
  // TR-LOW is down to 100 m (10 %); its readings go back three days.
  await db.insert(readings).values(
    [400, 250, 100].map((remainingM, index) => ({
      drumId: mine.drumIds[1]!,
      readAt: new Date(time.clock().getTime() - (3 - index) * 86_400_000),
      remainingM,
      source: 'manual' as const,
    })),
  );
  admin = await signInAs('export-admin@example.com', 'admin', mine.accountId);
  viewer = await signInAs('export-viewer@example.com', 'viewer', mine.accountId);
  await db.update(users).set({ locale: 'en' }).where(eq(users.email, 'export-viewer@example.com'));
});
afterAll(() => server.close());

const get = (path: string, cookie?: string) =>
  server.request(path, { headers: cookie ? { cookie } : {} });

/** A minimal RFC 4180 reader for the tests' CSV. */
function parseCsv(body: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

const csvOf = async (response: Response, separator: string) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder().decode(bytes), separator);
};

describe('exports', () => {
  it('exports the drums in French under the filters on screen, the awkward serial intact', async () => {
    const all = await get('/api/exports/drums?format=csv', admin);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Tourets%202026-11-25.csv",
    );
    const rows = await csvOf(all, ';');
    expect(rows[0]!.slice(0, 3)).toEqual(['Touret', 'Site', 'Ville']);
    expect(rows.slice(1).map((row) => row[0])).toEqual([`'${awkwardSerial}`, 'TR-LOW']);
    const low = rows[2]!;
    expect(low[rows[0]!.indexOf('Restant (%)')]).toBe('10');
    expect(low[rows[0]!.indexOf('État')]).toBe('Critique');
    expect(low[rows[0]!.indexOf('Livré le')]).toBe('01/06/2026');

    const filtered = await csvOf(await get('/api/exports/drums?format=csv&pct=0-20', admin), ';');
    expect(filtered.slice(1).map((row) => row[0])).toEqual(['TR-LOW']);
    const none = await csvOf(await get('/api/exports/drums?format=csv&status=ordered', admin), ';');
    expect(none).toHaveLength(1);
  });

  it("exports a drum's readings as XLSX in English, and 404s another account's drum", async () => {
    const response = await get(
      `/api/exports/drums/${mine.drumIds[1]}/readings?format=xlsx`,
      viewer,
    );
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(4);
    expect(sheet).toContain('>Remaining (m)<');
    expect(sheet).toContain('>Manual<');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="Readings TR-LOW"');
    expect(
      (await get(`/api/exports/drums/${otherDrumId}/readings?format=csv`, viewer)).status,
    ).toBe(404);
  });

  it('exports an empty list with its headers, and refuses what the list refuses', async () => {
    const requests = await get(
      '/api/exports/refill-requests?format=csv&tz=America/New_York',
      viewer,
    );
    expect(await csvOf(requests, ',')).toEqual([
      [
        'Number',
        'Status',
        'Requested on',
        'Site',
        'Drums',
        'Delivery date',
        'Delivery window',
        'PO number',
        'Comment',
      ],
    ]);
    expect((await get('/api/exports/refill-requests?format=csv')).status).toBe(401);
    expect((await get('/api/exports/audit?format=csv', viewer)).status).toBe(403);
    expect((await get('/api/exports/audit?format=csv', admin)).status).toBe(200);
    const bad = await get('/api/exports/quotes?format=pdf', viewer);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('request.invalid');
  });
});
