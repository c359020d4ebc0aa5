import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { accounts, quoteRequestLines, quoteRequests, spareParts, users } from '../../db/schema';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { readPdf } from '../../../test/pdf';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
const awkwardCompany = 'Câbles "Durand", Fils & Cie 🧵\nLyon';
const longDesignation = `Bague d'usure ${'très longue désignation, '.repeat(20)}fin`;
let quoteId = '';
let otherQuoteId = '';
let buyerFr: string;
let buyerEn: string;
let viewerLimited: string;
let otherBuyer: string;
let agent: string;

async function signInAs(email: string, set: Partial<typeof users.$inferInsert>) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  return sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

async function quoteFor(accountId: string, key: string) {
  const [creator] = await db
    .insert(users)
    .values({ email: `${key}@example.com` })
    .returning();
  const [quote] = await db
    .insert(quoteRequests)
    .values({
      accountId,
      createdByUserId: creator!.id,
      idempotencyKey: key,
      createdAt: time.clock(),
    })
    .returning();
  const parts = await db.select().from(spareParts).orderBy(spareParts.partNumber).limit(2);
  await db.insert(quoteRequestLines).values(
    parts.map((part, index) => ({
      quoteId: quote!.id,
      partId: part.id,
      quantity: index + 2,
      unitPriceCents: 1500,
    })),
  );
  return quote!.id;
}

async function offer(id: string) {
  await db
    .update(quoteRequestLines)
    .set({ offeredUnitPriceCents: 1250 })
    .where(eq(quoteRequestLines.quoteId, id));
  await db
    .update(quoteRequests)
    .set({
      status: 'offered',
      discountBasisPoints: 1000,
      validUntil: '2026-12-15',
      offerNote: 'Livraison sous 10 jours, "franco" — merci\nÀ bientôt',
      offeredAt: time.clock(),
    })
    .where(eq(quoteRequests.id, id));
}

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  db = server.database.db;
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, 2);
  const [first] = await db.select().from(spareParts).orderBy(spareParts.partNumber).limit(1);
  await db
    .update(spareParts)
    .set({ designationFr: longDesignation, designationEn: 'Wear ring, "heavy", 40 mm' })
    .where(eq(spareParts.id, first!.id));
  const [account] = await db.insert(accounts).values({ name: awkwardCompany }).returning();
  const [other] = await db.insert(accounts).values({ name: 'Other Co' }).returning();
  quoteId = await quoteFor(account!.id, 'offer-quote');
  otherQuoteId = await quoteFor(other!.id, 'other-quote');
  buyerFr = await signInAs('offer-fr@example.com', {
    accountId: account!.id,
    role: 'buyer',
    locale: 'fr',
  });
  buyerEn = await signInAs('offer-en@example.com', {
    accountId: account!.id,
    role: 'buyer',
    locale: 'en',
  });
  viewerLimited = await signInAs('offer-limited@example.com', {
    accountId: account!.id,
    role: 'viewer',
    siteIds: [],
  });
  otherBuyer = await signInAs('offer-other@example.com', { accountId: other!.id, role: 'buyer' });
  agent = await signInAs('offer-agent@provider.example', { role: 'agent', locale: 'en' });
}, 60_000);
afterAll(() => server.close());

const get = (path: string, cookie?: string) =>
  server.request(path, { headers: cookie ? { cookie } : {} });
const messageOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

describe('the quote offer as a PDF', () => {
  it('is refused before the offer with a code, and to whoever may not read the quote', async () => {
    const path = `/api/documents/quotes/${quoteId}/offer`;
    const early = await get(path, buyerFr);
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe('documents.quote_offer_unavailable');
    expect((await get(`/api/backoffice/quotes/${quoteId}/offer`, agent)).status).toBe(409);

    expect((await get(path)).status).toBe(401);
    // Another account's quote, and a quote a site-limited user did not ask for, are unknown.
    expect((await get(`/api/documents/quotes/${otherQuoteId}/offer`, buyerFr)).status).toBe(404);
    expect((await get(path, otherBuyer)).status).toBe(404);
    expect((await get(path, viewerLimited)).status).toBe(404);
    expect(
      (await get('/api/documents/quotes/00000000-0000-4000-8000-000000000000/offer', buyerFr))
        .status,
    ).toBe(404);
    expect((await get('/api/documents/quotes/not-an-id/offer', buyerFr)).status).toBe(400);
    // The staff route is staff only.
    expect((await get(`/api/backoffice/quotes/${quoteId}/offer`, buyerFr)).status).toBe(403);
    expect((await get(`/api/backoffice/quotes/${quoteId}/offer`)).status).toBe(401);
  });

  it('renders lines, prices, discount, total, validity and terms in both languages', async () => {
    await offer(quoteId);
    const french = await get(`/api/documents/quotes/${quoteId}/offer`, buyerFr);
    expect(french.status).toBe(200);
    expect(french.headers.get('content-type')).toBe('application/pdf');
    expect(french.headers.get('content-disposition')).toMatch(
      /filename\*=UTF-8''Devis%20QR-\d+\.pdf/,
    );
    const fr = readPdf(new Uint8Array(await french.arrayBuffer()), 'quote-offer-fr');
    expect(fr.pages.length).toBeGreaterThan(0);
    const fontLines = fr.fonts.split('\n').slice(2).filter(Boolean);
    expect(fontLines.length).toBeGreaterThan(0);
    for (const line of fontLines) expect(line).toMatch(/DejaVuSans\S* +CID TrueType.* yes +yes /);
    const frText = fr.text.replace(/\s+/g, ' ');
    expect(frText).toMatch(/Devis QR-\d+/);
    expect(frText).toContain('Câbles "Durand", Fils & Cie');
    expect(frText).toContain('Valable jusqu’au'.replace('’', "'"));
    expect(frText).toContain('15 décembre 2026');
    expect(frText).toContain('fin');
    // 2 × 12.50 + 3 × 12.50 = 62.50, less 10 % = 56.25, plus 20 % VAT (11.25) = 67.50.
    expect(frText).toMatch(/2 12,50 € 25,00 €/);
    expect(frText).toMatch(/Sous-total 62,50 €/);
    expect(frText).toMatch(/Remise \(10 %\) -6,25 €/);
    expect(frText).toMatch(/Total HT 56,25 € TVA \(20 %\) 11,25 € Total TTC 67,50 €/);
    expect(frText).toContain("Cette offre est valable jusqu'au 15 décembre 2026 inclus.");
    expect(frText).toContain('Remarques Livraison sous 10 jours');
    expect(frText).not.toContain('Notre mot');
    expect(frText).toContain('"franco"');

    const english = await get(`/api/backoffice/quotes/${quoteId}/offer`, agent);
    expect(english.status).toBe(200);
    const en = readPdf(new Uint8Array(await english.arrayBuffer()), 'quote-offer-en');
    const enText = en.text.replace(/\s+/g, ' ');
    expect(enText).toMatch(/Quote QR-\d+/);
    expect(enText).toContain('Wear ring, "heavy", 40 mm');
    expect(enText).toContain('15 December 2026');
    expect(enText).toMatch(/Discount \(10%\) -€6.25/);
    expect(enText).toMatch(/Total excl\. VAT €56.25 VAT \(20%\) €11.25 Total incl\. VAT €67.50/);
    expect(enText).toContain('This offer is valid until 15 December 2026 inclusive.');

    const accepted = await get(`/api/documents/quotes/${quoteId}/offer`, buyerEn);
    expect(accepted.status).toBe(200);
  });
});
