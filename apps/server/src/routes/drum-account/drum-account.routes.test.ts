import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  auditEvents,
  accounts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  sites,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { sendRentStartNotices } from '../../services/drum-account/rent-notices';
import { sendMonthlyStatements } from '../../services/drum-account/statement-mails';
import { loadTranslations } from '../../services/translations';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
let accountId: string;
let admin: string;
let viewer: string;
let manager: string;
let agent: string;
const translations = loadTranslations();
const deps = () => ({ settings: server.settings, translations });

async function signInAs(email: string, role: Role, account: string | null): Promise<string> {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set({ accountId: account, role }).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
  });
  return sessionCookie(response);
}

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100', DRUM_RENT_FREE_DAYS: '60' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  const [account] = await db.insert(accounts).values({ name: 'Rent Co' }).returning();
  accountId = account!.id;
  const [site] = await db
    .insert(sites)
    .values({ accountId, name: 'Quai Nord', city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  // Delivered 50 and 10 days ago: under 60 free days, 10 and 50 days left.
  for (const [serial, installedOn] of [
    ['RENT-1', '2026-10-06'],
    ['RENT-2', '2026-11-15'],
  ] as const) {
    await db.insert(drums).values({
      accountId,
      siteId: site!.id,
      productId: product!.id,
      drumTypeId: drumType!.id,
      serial,
      initialLengthM: 1000,
      installedOn,
    });
  }
  admin = await signInAs('rent-admin@example.com', 'admin', accountId);
  viewer = await signInAs('rent-viewer@example.com', 'viewer', accountId);
  manager = await signInAs('rent-manager@example.com', 'manager', null);
  agent = await signInAs('rent-agent@example.com', 'agent', null);
});
afterAll(() => server.close());

const drumsOf = async (cookie: string) => {
  const response = await server.request('/api/refill/drums', { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    rentTerms: { rentFreeDays: number; monthlyRate: number; isDefault: boolean };
    drums: Array<{
      serial: string;
      rent: { daysOnSite: number; rentFreeDaysLeft: number; rentAccrued: number };
    }>;
  };
};

describe('drum rent', () => {
  it('shows each drum under the default terms until staff set the account its own', async () => {
    const before = await drumsOf(viewer);
    expect(before.rentTerms).toEqual({ rentFreeDays: 60, monthlyRate: 30, isDefault: true });
    expect(
      before.drums.map((drum) => [drum.serial, drum.rent.daysOnSite, drum.rent.rentFreeDaysLeft]),
    ).toEqual([
      ['RENT-1', 50, 10],
      ['RENT-2', 10, 50],
    ]);

    const set = await server.request(`/api/backoffice/accounts/${accountId}/rent-terms`, {
      method: 'PUT',
      headers: { cookie: manager },
      json: { rentFreeDays: 20, monthlyRate: 45 },
    });
    expect(set.status).toBe(200);
    const read = await server.request(`/api/backoffice/accounts/${accountId}/rent-terms`, {
      headers: { cookie: agent },
    });
    expect(await read.json()).toEqual({ rentFreeDays: 20, monthlyRate: 45, isDefault: false });

    const after = await drumsOf(admin);
    expect(after.drums[0]!.rent).toMatchObject({
      daysOnSite: 50,
      rentFreeDaysLeft: 0,
      rentAccrued: 45,
    });

    // Zero terms are valid: rent from the first day, or no rent at all.
    const zero = await server.request(`/api/backoffice/accounts/${accountId}/rent-terms`, {
      method: 'PUT',
      headers: { cookie: manager },
      json: { rentFreeDays: 0, monthlyRate: 0 },
    });
    expect(zero.status).toBe(200);
    expect((await drumsOf(admin)).drums[0]!.rent.rentAccrued).toBe(0);

    // Each change is in the account's audit trail, with the terms before (the defaults: null).
    const trail = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'account.rent_terms_updated'))
      .orderBy(auditEvents.at);
    expect(trail.map((event) => [event.accountId, event.before, event.after])).toEqual([
      [accountId, null, { rentFreeDays: 20, monthlyRate: 45 }],
      [accountId, { rentFreeDays: 20, monthlyRate: 45 }, { rentFreeDays: 0, monthlyRate: 0 }],
    ]);
  });

  it('lets only a manager set terms, refuses bad ones with a code, and 404s an unknown account', async () => {
    const put = (cookie: string, id: string, json: unknown) =>
      server.request(`/api/backoffice/accounts/${id}/rent-terms`, {
        method: 'PUT',
        headers: { cookie },
        json,
      });
    const terms = { rentFreeDays: 30, monthlyRate: 10 };
    expect((await put(admin, accountId, terms)).status).toBe(403);
    expect((await put(agent, accountId, terms)).status).toBe(403);
    const unknown = await put(manager, '00000000-0000-4000-8000-000000000000', terms);
    expect(unknown.status).toBe(404);
    const negative = await put(manager, accountId, { rentFreeDays: -1, monthlyRate: 10 });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { message: string }).message).toBe('request.invalid');
    const fractionOfCent = await put(manager, accountId, { rentFreeDays: 1, monthlyRate: 1.001 });
    expect(fractionOfCent.status).toBe(400);
  });

  it("mails the account's admins once when a drum's rent starts in 14 days", async () => {
    await db.update(users).set({ locale: 'en' }).where(eq(users.email, 'rent-admin@example.com'));
    await server.request(`/api/backoffice/accounts/${accountId}/rent-terms`, {
      method: 'PUT',
      headers: { cookie: manager },
      json: { rentFreeDays: 60, monthlyRate: 30 },
    });
    const notices = () =>
      db
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'drum_rent_notice'));
    expect(await sendRentStartNotices(db, deps(), time.clock())).toBe(1);
    expect(await notices()).toEqual([
      {
        to: 'rent-admin@example.com',
        subject: 'Drum RENT-1: rent starts on 5 December 2026',
        text: expect.stringContaining('10 rent-free days left'),
      },
    ]);
    // Again, and once the second drum comes within 14 days: one more mail, never a repeat.
    expect(await sendRentStartNotices(db, deps(), time.clock())).toBe(0);
    time.advance(37 * 24 * 3600);
    expect(await sendRentStartNotices(db, deps(), time.clock())).toBe(1);
    expect((await notices()).map((mail) => mail.subject)).toEqual([
      'Drum RENT-1: rent starts on 5 December 2026',
      'Drum RENT-2: rent starts on 14 January 2027',
    ]);
  });

  it("mails last month's statement to the admins who asked for it, once a month", async () => {
    const subscription = (cookie: string, isSubscribed?: boolean) =>
      server.request('/api/documents/drum-statement/subscription', {
        method: isSubscribed === undefined ? 'GET' : 'PUT',
        headers: { cookie },
        ...(isSubscribed === undefined ? {} : { json: { isSubscribed } }),
      });
    // The earlier sessions have expired with the time the notices moved on.
    const admin = await signInAs('statement-admin@example.com', 'admin', accountId);
    const viewer = await signInAs('statement-viewer@example.com', 'viewer', accountId);
    expect(await (await subscription(admin)).json()).toEqual({ isSubscribed: false });
    expect((await subscription(viewer, true)).status).toBe(403);
    expect((await subscription(admin, true)).status).toBe(200);
    expect(await (await subscription(admin)).json()).toEqual({ isSubscribed: true });

    const statements = () =>
      db
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'drum_statement'));
    // The clock stands in January 2027: December's statement.
    expect(await sendMonthlyStatements(db, deps(), time.clock())).toBe(1);
    expect(await sendMonthlyStatements(db, deps(), time.clock())).toBe(0);
    const [mail] = await statements();
    expect(mail).toMatchObject({
      to: 'statement-admin@example.com',
      subject: 'Votre relevé du compte tourets de décembre 2026',
    });
    expect(mail!.text).toContain('/api/documents/drum-statement?month=2026-12');

    await subscription(admin, false);
    time.advance(31 * 24 * 3600);
    expect(await sendMonthlyStatements(db, deps(), time.clock())).toBe(0);
  });
});
