import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, RefillRequest } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  sites,
  spareParts,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { decodeMail, startSmtpTestServer } from '../../../test/smtp-test-server';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * A status mail opens the item it is about, on each side: the customer's link opens the
 * request's or the quote's conversation (its tab, with the item named), the staff's the item of
 * the back-office; and a French mail's plain text sets its colons as the French texts do, after
 * a narrow no-break space. Read as the SMTP server received the mails.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let db: Database;
// Monday 23 November 2026, 10:00 in Paris.
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
const publicUrl = 'https://portal.example';
let buyer = '';
let agent = '';
let siteId = '';
let drumId = '';

async function signIn(email: string, set: Partial<typeof users.$inferInsert>) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  return sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

const post = (cookie: string, path: string, json: unknown, headers: Record<string, string> = {}) =>
  server.request(path, { method: 'POST', json, headers: { cookie, ...headers } });

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startTestServer({
    clock: time.clock,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl, RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, 1);
  const [account] = await db.insert(accounts).values({ name: 'Câbles Durand' }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: 'Quai 3', city: 'Lyon' })
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
      serial: 'TR-LINK-1',
      initialLengthM: 1000,
      installedOn: '2026-06-01',
    })
    .returning();
  siteId = site!.id;
  drumId = drum!.id;
  buyer = await signIn('buyer@durand.example', {
    accountId: account!.id,
    role: 'buyer',
    locale: 'fr',
  });
  agent = await signIn('agent@provider.example', { role: 'agent', locale: 'en' });
  // The sign-in mails leave now, so each test reads only the mails its changes send.
  await server.app.mailWorker.runOnce();
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The mails one address received since `from`, decoded as a mail client shows them. */
async function mailsTo(address: string, from: number): Promise<string[]> {
  await server.app.mailWorker.runOnce();
  return smtp.received
    .slice(from)
    .filter((mail) => mail.to.includes(address))
    .map((mail) => decodeMail(mail.raw));
}

describe("a status mail's link", () => {
  it("opens the refill request, on the customer's side and on the staff's", async () => {
    let from = smtp.received.length;
    const created = await post(
      buyer,
      '/api/refill/requests',
      {
        items: [{ drumId, quantity: 1 }],
        siteId,
        deliveryDate: '2026-11-30',
        windowStart: '08:00',
        windowEnd: '12:00',
        contactPhone: '+33612345678',
      },
      { 'idempotency-key': 'link-refill-abcdef' },
    );
    expect(created.status).toBe(201);
    const request = (await created.json()) as RefillRequest;
    const [staffMail] = await mailsTo('agent@provider.example', from);
    expect(staffMail).toContain(`${publicUrl}/backoffice/items/${request.id}`);

    from = smtp.received.length;
    const confirmed = await post(agent, `/api/backoffice/items/${request.id}/transition`, {
      action: 'confirm',
      deliveryDate: '2026-12-02',
    });
    expect(confirmed.status).toBe(200);
    const [customerMail] = await mailsTo('buyer@durand.example', from);
    const link = `${publicUrl}/refill?tab=requests&request=${request.id}`;
    // In the text part as it is, in the HTML with its ampersand escaped.
    expect(customerMail).toContain(`\u202f: ${link}`);
    expect(customerMail).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(customerMail).not.toMatch(/[^\u202f]: https?:\/\//);
  });

  it("opens the quote's conversation on the spare-parts page", async () => {
    const [part] = await db.select().from(spareParts).limit(1);
    await server.request(`/api/spareparts/cart/lines/${part!.id}`, {
      method: 'PUT',
      json: { quantity: 2 },
      headers: { cookie: buyer },
    });
    const created = await post(
      buyer,
      '/api/spareparts/quotes',
      {},
      {
        'idempotency-key': 'link-quote-abcdef',
      },
    );
    expect(created.status).toBe(201);
    const quote = (await created.json()) as Quote;

    const from = smtp.received.length;
    const reviewed = await post(agent, `/api/backoffice/items/${quote.id}/transition`, {
      action: 'review',
    });
    expect(reviewed.status).toBe(200);
    const [customerMail] = await mailsTo('buyer@durand.example', from);
    const link = `${publicUrl}/spareparts?tab=quotes&quote=${quote.id}`;
    expect(customerMail).toContain(`\u202f: ${link}`);
    expect(customerMail).toContain(`href="${link.replace('&', '&amp;')}"`);
  });
});
