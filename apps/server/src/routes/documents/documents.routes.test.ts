import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  readings,
  refillRequestItems,
  refillRequests,
  sites,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { parseCsv } from '../../../test/csv';
import { readPdf } from '../../../test/pdf';
import { formatPhone } from '../../services/documents/delivery-note';
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
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      PROVIDER_NAME: 'Tourets & Câbles SAS',
      PROVIDER_ADDRESS: '12 rue des Tourets\\n69007 Lyon',
      PROVIDER_VAT_NUMBER: 'FR12123456789',
    },
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
    // A refusal found while reading the rows is still an error answer, not a cut download.
    const unknownEquipment = await get(
      '/api/exports/spareparts?equipment=00000000-0000-4000-8000-000000000000',
      viewer,
    );
    expect(unknownEquipment.status).toBe(400);
    expect(await unknownEquipment.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'equipment', errorCode: 'field.invalid' }],
    });
    expect((await get('/api/documents/drum-statement', viewer)).status).toBe(200);
    const bad = await get('/api/exports/quotes?format=pdf', viewer);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('request.invalid');
  });
});

describe('PDF documents', () => {
  it('renders the monthly drum statement per site, in French and in English, fonts embedded', async () => {
    const french = await get('/api/documents/drum-statement?month=2026-10', admin);
    expect(french.status).toBe(200);
    expect(french.headers.get('content-type')).toBe('application/pdf');
    const fr = readPdf(new Uint8Array(await french.arrayBuffer()), 'statement-fr');
    expect(fr.pages.length).toBeGreaterThan(0);
    // Every font is embedded (pdffonts' "emb" column), none is a base-14 font left to the reader.
    const fontLines = fr.fonts.split('\n').slice(2).filter(Boolean);
    expect(fontLines.length).toBeGreaterThan(0);
    for (const line of fontLines) expect(line).toMatch(/DejaVuSans\S* +CID TrueType.* yes +yes /);
    const flat = fr.text.replace(/\s+/g, ' ');
    expect(flat.trim()).toMatch(
      /^Tourets & Câbles SAS 12 rue des Tourets 69007 Lyon N° TVA intracommunautaire FR12123456789 Relevé du compte tourets, octobre 2026/,
    );
    expect(flat).toContain('Export Co');
    expect(flat).toContain('Site Export Co site, Lyon');
    expect(flat).toContain('TR-LOW');
    // Delivered 1 June, 90 free days: rent from 30 August, so October is 31 days of rent and 62 days in all.
    expect(flat).toMatch(/TR-LOW .* 152 0 31,00 € 62,00 €/);
    expect(flat).toContain('Total du site 2 tourets 62,00 € 124,00 €');

    const english = await get('/api/documents/drum-statement?month=2026-10', viewer);
    const en = readPdf(new Uint8Array(await english.arrayBuffer()), 'statement-en');
    expect(en.text.replace(/\s+/g, ' ')).toMatch(/TR-LOW .* 152 0 €31.00 €62.00/);
    expect(en.text).toContain('Drum account statement, October 2026');

    const future = await get('/api/documents/drum-statement?month=2027-01', admin);
    expect(future.status).toBe(400);
    expect(((await future.json()) as { message: string }).message).toBe(
      'documents.month_in_future',
    );
    expect((await get('/api/documents/drum-statement?month=2026-13', admin)).status).toBe(400);
  });

  it('renders the delivery note of a confirmed request only, in both languages', async () => {
    await db
      .update(sites)
      .set({ address: '3 quai des Câbles, 69007', deliveryInstructions: 'Quai n°3, badge' })
      .where(eq(sites.id, mine.siteId));
    const [request] = await db
      .insert(refillRequests)
      .values({
        accountId: mine.accountId,
        createdByUserId: (
          await db.select().from(users).where(eq(users.email, 'export-admin@example.com'))
        )[0]!.id,
        siteId: mine.siteId,
        deliveryDate: '2026-12-02',
        windowStart: '08:00',
        windowEnd: '12:00',
        contactPhone: '+33612345678',
        poNumber: 'PO-77',
        comment: "Quai n°3, sonner à l'accueil — كابل",
        idempotencyKey: 'delivery-note',
        createdAt: time.clock(),
      })
      .returning();
    await db
      .insert(refillRequestItems)
      .values({ requestId: request!.id, drumId: mine.drumIds[1]!, quantity: 2 });
    const path = `/api/documents/refill-requests/${request!.id}/delivery-note`;
    const setStatus = (status: 'confirmed' | 'delivered' | 'cancelled') =>
      db.update(refillRequests).set({ status }).where(eq(refillRequests.id, request!.id));
    const refused = async () => {
      const response = await get(path, admin);
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toBe(
        'documents.delivery_note_unavailable',
      );
    };
    const note = async (cookie: string, name: string) =>
      readPdf(new Uint8Array(await (await get(path, cookie)).arrayBuffer()), name).text.replace(
        /\s+/g,
        ' ',
      );
    await refused();

    await setStatus('confirmed');
    const frText = await note(admin, 'delivery-note-fr');
    // Headed by the provider, then the site's delivery address and the phone as France writes it.
    expect(frText.trim()).toMatch(/^Tourets & Câbles SAS 12 rue des Tourets 69007 Lyon/);
    expect(frText).toMatch(/Bon de livraison RR-\d+/);
    expect(frText).toMatch(/Adresse de livraison .*Export Co site/);
    expect(frText).toContain('3 quai des Câbles, 69007');
    expect(frText).toContain('Lyon');
    expect(frText).toContain('+33 6 12 34 56 78');
    expect(frText).toContain('Consignes de livraison');
    expect(frText).toContain('2 décembre 2026');
    expect(frText).toContain('PO-77');
    expect(frText).toMatch(/TR-LOW .* 1 000 m 2/);
    // Only confirmed: the drums are still to deliver.
    expect(frText).toContain('Confirmée');
    expect(frText).toContain('Tourets à livrer');
    expect(frText).not.toContain('Tourets livrés');
    for (const box of ['Reçu par (nom)', 'Date et heure', 'Signature', 'Réserves']) {
      expect(frText).toContain(box);
    }
    const en = await note(viewer, 'delivery-note-en');
    expect(en).toMatch(/Delivery note RR-\d+.*2 December 2026/);
    expect(en).toContain('Drums to deliver');
    expect(en).toContain('Received by (name)');

    await setStatus('delivered');
    expect(await note(admin, 'delivery-note-delivered-fr')).toContain('Tourets livrés');
    expect(await note(viewer, 'delivery-note-delivered-en')).toContain('Drums delivered');

    // A cancelled request delivers nothing: no note.
    await setStatus('cancelled');
    await refused();
    expect((await get(`/api/documents/refill-requests/${request!.id}/delivery-note`)).status).toBe(
      401,
    );
  });

  it("writes a contact's phone as its own country writes it", () => {
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+4915123456789')).toBe('+49 1512 3456789');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    // What no country's plan knows is printed as given.
    expect(formatPhone('+999123')).toBe('+999123');
  });
});
