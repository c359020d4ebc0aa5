import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, QuoteList, WorkItemDetail } from '@portal/contract';
import { workspacePath } from '../../config/paths';
import type { Database } from '../../db/client';
import { accounts, spareParts, users } from '../../db/schema';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { parseCsv } from '../../../test/csv';
import { readPdf } from '../../../test/pdf';
import { decodeMail, startSmtpTestServer } from '../../../test/smtp-test-server';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * A quote an agent offers below the catalogue (€15.71 and €14.96 in the catalogue, offered at
 * €13.50 and €11.00, six and four of them): the page's data, the list, the mail, the PDF and the
 * export all state the offered figures, €125.00 before tax, €25.00 of VAT at 20 %, €150.00 with
 * tax, in French and in English.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let db: Database;
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let agent = '';
const buyers = { fr: '', en: '' };
const partNumbers: string[] = [];

async function signIn(email: string, set: Partial<typeof users.$inferInsert>) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  return sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  server.request(path, { ...init, headers: { cookie, ...(init.headers ?? {}) } });

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startTestServer({
    clock: time.clock,
    env: {
      SMTP_URL: smtp.url,
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      PROVIDER_NAME: 'Tourets & Câbles SAS',
      PROVIDER_ADDRESS: '12 rue des Tourets\\n69007 Lyon, France',
      PROVIDER_REGISTRATION: 'RCS Lyon 123 456 789',
      PROVIDER_VAT_NUMBER: 'FR12123456789',
      PROVIDER_PHONE: '+33 4 72 00 00 00',
      PROVIDER_EMAIL: 'contact@tourets.example',
      PROVIDER_LOGO: workspacePath('apps/server/test/fixtures/provider-logo.png'),
    },
  });
  db = server.database.db;
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, 2);
  const parts = await db.select().from(spareParts).orderBy(spareParts.partNumber);
  for (const [index, cents] of [1571, 1496].entries()) {
    await db
      .update(spareParts)
      .set({ unitPriceCents: cents })
      .where(eq(spareParts.id, parts[index]!.id));
    partNumbers.push(parts[index]!.partNumber);
  }
  const [account] = await db.insert(accounts).values({ name: 'Câbles Durand' }).returning();
  for (const language of ['fr', 'en'] as const) {
    buyers[language] = await signIn(`buyer-${language}@durand.example`, {
      accountId: account!.id,
      role: 'buyer',
      locale: language,
    });
  }
  agent = await signIn('agent@provider.example', { role: 'agent', locale: 'en' });
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The buyer asks a quote for six of the first part and four of the second. */
async function askQuote(cookie: string, key: string): Promise<Quote> {
  const parts = await db.select().from(spareParts).orderBy(spareParts.partNumber);
  for (const [index, quantity] of [6, 4].entries()) {
    await as(cookie, `/api/spareparts/cart/lines/${parts[index]!.id}`, {
      method: 'PUT',
      json: { quantity },
    });
  }
  const response = await as(cookie, '/api/spareparts/quotes', {
    method: 'POST',
    json: {},
    headers: { 'idempotency-key': key },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Quote;
}

/** The agent takes it in review and offers €13.50 and €11.00, no discount. */
async function offer(quoteId: string): Promise<WorkItemDetail> {
  const transition = (json: unknown) =>
    as(agent, `/api/backoffice/items/${quoteId}/transition`, { method: 'POST', json });
  const reviewed = (await (await transition({ action: 'review' })).json()) as WorkItemDetail;
  const offered = {
    [partNumbers[0]!]: 1350,
    [partNumbers[1]!]: 1100,
  };
  const response = await transition({
    action: 'offer',
    offer: {
      lines: reviewed.quote!.lines.map((line) => ({
        lineId: line.lineId,
        unitPriceCents: offered[line.partNumber],
      })),
      validUntil: '2026-12-15',
    },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WorkItemDetail;
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe("an offer's figures, the same on every surface", () => {
  it.each([
    {
      language: 'fr' as const,
      offered: 'offre disponible',
      identity: [
        'Tourets & Câbles SAS',
        '12 rue des Tourets',
        '69007 Lyon, France',
        'Tél. +33 4 72 00 00 00 · contact@tourets.example',
        'RCS Lyon 123 456 789 · N° TVA intracommunautaire FR12123456789',
      ],
      mail: ['Total HT : 125,00 €', 'TVA (20 %) : 25,00 €', 'Total TTC : 150,00 €'],
      pdfLines: [/6 13,50 € 81,00 €/, /4 11,00 € 44,00 €/],
      pdfFigures: 'Total HT 125,00 € TVA (20 %) 25,00 € Total TTC 150,00 €',
      separator: ';',
      headers: ['Total HT (€)', 'TVA (€)', 'Total TTC (€)'],
      exported: ['125,00', '25,00', '150,00'],
    },
    {
      language: 'en' as const,
      offered: 'offer ready',
      identity: [
        'Tourets & Câbles SAS',
        '12 rue des Tourets',
        '69007 Lyon, France',
        'Tel. +33 4 72 00 00 00 · contact@tourets.example',
        'RCS Lyon 123 456 789 · VAT no. FR12123456789',
      ],
      mail: ['Total excl. VAT: €125.00', 'VAT (20%): €25.00', 'Total incl. VAT: €150.00'],
      pdfLines: [/6 €13.50 €81.00/, /4 €11.00 €44.00/],
      pdfFigures: 'Total excl. VAT €125.00 VAT (20%) €25.00 Total incl. VAT €150.00',
      separator: ',',
      headers: ['Total excl. VAT (€)', 'VAT (€)', 'Total incl. VAT (€)'],
      exported: ['125.00', '25.00', '150.00'],
    },
  ])(
    'in $language: page data, list, mail, PDF and export',
    async ({
      language,
      offered: offeredStatus,
      identity,
      mail,
      pdfLines,
      pdfFigures,
      separator,
      headers,
      exported,
    }) => {
      const cookie = buyers[language];
      const asked = await askQuote(cookie, `figures-${language}-1`);
      // Before the offer: the catalogue's prices, 6 × 15.71 + 4 × 14.96 = 154.10 before tax.
      expect(asked.lines.map((line) => line.unitPriceCents)).toEqual([1571, 1496]);
      expect(asked.figures).toMatchObject({ netCents: 15_410, taxCents: 3082, totalCents: 18_492 });
      expect(asked.offer).toBeNull();

      const detail = await offer(asked.id);
      const figures = {
        subtotalCents: 12_500,
        discountBasisPoints: 0,
        discountCents: 0,
        netCents: 12_500,
        taxRateBasisPoints: 2000,
        taxCents: 2500,
        totalCents: 15_000,
      };
      expect(detail.quote!.figures).toEqual(figures);

      // The list the customer's page reads: the offered prices, never the catalogue's.
      const list = (await (await as(cookie, '/api/spareparts/quotes')).json()) as QuoteList;
      const quote = list.quotes.find((candidate) => candidate.id === asked.id)!;
      expect(quote.lines.map((line) => [line.unitPriceCents, line.lineTotalCents])).toEqual([
        [1350, 8100],
        [1100, 4400],
      ]);
      expect(quote.figures).toEqual(figures);
      expect(quote.offer).toEqual({ validUntil: '2026-12-15', note: null });

      // The mail, as the SMTP server received it.
      expect(await server.app.mailWorker.runOnce()).toBeGreaterThan(0);
      const sent = smtp.received
        .filter((received) => received.to.includes(`buyer-${language}@durand.example`))
        .map((received) => flat(decodeMail(received.raw)))
        .find((body) => body.includes(`${quote.number} `) && body.includes(offeredStatus));
      expect(sent).toBeDefined();
      for (const line of mail) expect(sent).toContain(line);
      // Closed with the provider's identity, in the text part and in the HTML.
      expect(sent).toContain(identity.join(' '));
      expect(sent).toContain(identity.map((line) => line.replace('&', '&amp;')).join('<br>'));

      const pdf = await as(cookie, `/api/documents/quotes/${quote.id}/offer`);
      expect(pdf.status).toBe(200);
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      const text = flat(readPdf(bytes, `quote-figures-${language}`).text);
      // Headed by the provider's letterhead: its logo, name, address, contact and numbers.
      expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
      expect(text.trim().startsWith(identity.join(' '))).toBe(true);
      for (const line of pdfLines) expect(text).toMatch(line);
      expect(text).toContain(pdfFigures);
      expect(text).not.toMatch(/15[.,]71|14[.,]96|154[.,]10/);

      const csv = await as(cookie, '/api/exports/quotes?format=csv');
      expect(csv.status).toBe(200);
      const rows = parseCsv(new TextDecoder().decode(await csv.arrayBuffer()), separator);
      const header = rows[0]!;
      const row = rows.find((cells) => cells[0] === quote.number)!;
      expect(headers.map((name) => row[header.indexOf(name)])).toEqual(exported);
    },
  );
});
