import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, cableProducts, drumTypes, drums, sites, users } from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { readPdf } from '../../../test/pdf';
import { qrCodesOfPdf } from '../../../test/qr';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
const mine = { accountId: '', drumIds: [] as string[] };
let otherDrumId = '';
const cookies = {} as Record<'admin' | 'buyer' | 'agent', string>;

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
  return { accountId: account!.id, drumIds: rows.map((row) => row.id) };
}

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  Object.assign(
    mine,
    await accountWithDrums(
      'Labels Co',
      ['TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-5'].map((serial) => serial),
    ),
  );
  otherDrumId = (await accountWithDrums('Other Co', ['TR-OTHER'])).drumIds[0]!;
  cookies.admin = await signInAs('labels-admin@example.com', 'admin', mine.accountId);
  cookies.buyer = await signInAs('labels-buyer@example.com', 'buyer', mine.accountId);
  cookies.agent = await signInAs('labels-agent@provider.example', 'agent', null);
});
afterAll(() => server.close());

const get = (path: string, cookie?: string) =>
  server.request(path, { headers: cookie ? { cookie } : {} });

const drumQuery = (ids: readonly string[]) => ids.map((id) => `drum=${id}`).join('&');

async function pageUrlsOf(ids: readonly string[]) {
  const rows = await db.select({ id: drums.id, publicCode: drums.publicCode }).from(drums);
  const codes = new Map(rows.map((row) => [row.id, row.publicCode]));
  return ids.map((id) => `${server.origin}/drums/${codes.get(id)}`);
}

describe('drum labels', () => {
  it('gives each drum a random public code of its own, unrelated to its id', async () => {
    const rows = await db.select({ id: drums.id, publicCode: drums.publicCode }).from(drums);
    const codes = rows.map((row) => row.publicCode);
    expect(new Set(codes).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.publicCode).toMatch(/^[0-9a-f]{16}$/);
      expect(row.id.replaceAll('-', '')).not.toContain(row.publicCode);
    }
  });

  it("prints a 21-up sheet whose QR codes decode to the drums' pages, the serial under each", async () => {
    const ids = mine.drumIds.slice(0, 3);
    const response = await get(`/api/documents/drum-labels?${drumQuery(ids)}`, cookies.admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('etiquettes-tourets.pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const [page, ...more] = await qrCodesOfPdf(bytes);
    expect(more).toEqual([]);
    expect([...page!].sort()).toEqual((await pageUrlsOf(ids)).sort());
    const { text } = readPdf(bytes, 'labels-21');
    for (const serial of ['TR-1', 'TR-2', 'TR-3']) expect(text).toContain(serial);
  });

  it('prints five drums on 4-up sheets: two pages, every code readable', async () => {
    const response = await get(
      `/api/documents/drum-labels?sheet=a4-4&${drumQuery(mine.drumIds)}`,
      cookies.admin,
    );
    expect(response.status).toBe(200);
    const pages = await qrCodesOfPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pages.map((codes) => codes.length)).toEqual([4, 1]);
    expect(pages.flat().sort()).toEqual((await pageUrlsOf(mine.drumIds)).sort());
  });

  it("lets staff print any account's labels from the back-office", async () => {
    const response = await get(
      `/api/backoffice/accounts/${mine.accountId}/drum-labels?${drumQuery([mine.drumIds[0]!])}`,
      cookies.agent,
    );
    expect(response.status).toBe(200);
    const [page] = await qrCodesOfPdf(new Uint8Array(await response.arrayBuffer()));
    expect(page).toEqual(await pageUrlsOf([mine.drumIds[0]!]));
  });

  it('refuses whoever may not print, and finds no drum of another account', async () => {
    const one = drumQuery([mine.drumIds[0]!]);
    expect((await get(`/api/documents/drum-labels?${one}`)).status).toBe(401);
    const buyer = await get(`/api/documents/drum-labels?${one}`, cookies.buyer);
    expect(buyer.status).toBe(403);
    expect(await buyer.json()).toEqual({ message: 'auth.forbidden' });
    expect(
      (await get(`/api/backoffice/accounts/${mine.accountId}/drum-labels?${one}`, cookies.admin))
        .status,
    ).toBe(403);
    const other = await get(
      `/api/documents/drum-labels?${drumQuery([mine.drumIds[0]!, otherDrumId])}`,
      cookies.admin,
    );
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'request.not_found' });
    const badSheet = await get(`/api/documents/drum-labels?sheet=a5&${one}`, cookies.admin);
    expect(badSheet.status).toBe(400);
    expect(((await badSheet.json()) as { message: string }).message).toBe('request.invalid');
    expect((await get('/api/documents/drum-labels', cookies.admin)).status).toBe(400);
  });
});
