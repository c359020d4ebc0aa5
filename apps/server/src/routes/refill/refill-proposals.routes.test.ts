import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefillProposalList, RefillRequest, Role } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  readings,
  refillProposals,
  sites,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { recordSensorReadings } from '../../services/integration/sensor-readings';
import { refillLeadTimeEnd, sweepRefillProposals } from '../../services/refill/refill-proposals';
import { loadTranslations } from '../../services/translations';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;
let db: Database;
// Wednesday 25 November 2026: the earliest delivery is Friday 27, the lead time ends 2 December.
const time = createFakeClock(new Date('2026-11-25T10:00:00Z'));
const DAY = 24 * 3600;
const mine = { accountId: '', siteId: '', otherSiteId: '' };
const drum: Record<string, string> = {};
let otherAccountDrumProposal = '';
const cookies: Record<string, string> = {};

async function signInAs(
  name: string,
  set: { role: Role; accountId: string; locale?: 'fr' | 'en'; siteIds?: string[] },
) {
  const email = `${name}@example.com`;
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  cookies[name] = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
}

async function addDrum(accountId: string, siteId: string, serial: string) {
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const [row] = await db
    .insert(drums)
    .values({
      accountId,
      siteId,
      productId: product!.id,
      drumTypeId: drumType!.id,
      serial,
      initialLengthM: 1000,
      installedOn: '2026-06-01',
    })
    .returning();
  return row!.id;
}

/** A reading `daysAgo` days before now, written behind the server's back (no proposal). */
const pastReading = (drumId: string, daysAgo: number, remainingM: number) =>
  db.insert(readings).values({
    drumId,
    readAt: new Date(time.clock().getTime() - daysAgo * DAY * 1000),
    remainingM,
    source: 'manual',
  });

const as = (name: string | undefined, path: string, json?: unknown) =>
  server.request(path, {
    headers: name ? { cookie: cookies[name]! } : {},
    ...(json === undefined ? {} : { method: 'POST', json }),
  });

/** A reading entered by hand now, as a buyer would. */
const readNow = async (drumId: string, remainingM: number) => {
  const response = await as('buyer', `/api/refill/drums/${drumId}/readings`, {
    remainingM,
    readAt: time.clock().toISOString(),
  });
  expect(response.status).toBe(201);
};

const listed = async (name = 'buyer') =>
  ((await (await as(name, '/api/refill/proposals')).json()) as RefillProposalList).proposals;

const proposalMails = () =>
  db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'refill_proposal'));

const messageOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  const [account] = await db.insert(accounts).values({ name: 'Proposal Co' }).returning();
  const [site, otherSite] = await db
    .insert(sites)
    .values([
      { accountId: account!.id, name: 'North yard', city: 'Lille' },
      { accountId: account!.id, name: 'South yard', city: 'Nice' },
    ])
    .returning();
  Object.assign(mine, { accountId: account!.id, siteId: site!.id, otherSiteId: otherSite!.id });
  for (const serial of ['TR-FAST', 'TR-SLOW', 'TR-DISMISS', 'TR-LATER']) {
    drum[serial] = await addDrum(account!.id, site!.id, serial);
  }
  const [other] = await db.insert(accounts).values({ name: 'Other Co' }).returning();
  const [foreignSite] = await db
    .insert(sites)
    .values({ accountId: other!.id, name: 'Elsewhere', city: 'Brest' })
    .returning();
  const foreignDrum = await addDrum(other!.id, foreignSite!.id, 'TR-FOREIGN');
  const [foreignProposal] = await db
    .insert(refillProposals)
    .values({
      accountId: other!.id,
      drumId: foreignDrum,
      siteId: foreignSite!.id,
      deliveryDate: '2026-11-27',
      runOutOn: '2026-11-30',
      remainingM: 50,
      readAt: time.clock(),
      createdAt: time.clock(),
    })
    .returning();
  otherAccountDrumProposal = foreignProposal!.id;

  await signInAs('buyer', { role: 'buyer', accountId: account!.id, locale: 'fr' });
  await signInAs('admin', { role: 'admin', accountId: account!.id, locale: 'en' });
  await signInAs('viewer', { role: 'viewer', accountId: account!.id });
  await signInAs('southbuyer', {
    role: 'buyer',
    accountId: account!.id,
    siteIds: [otherSite!.id],
  });
  await signInAs('otherbuyer', { role: 'buyer', accountId: other!.id });
}, 60_000);
afterAll(() => server.close());

describe('proposed refills', () => {
  it('ends the lead time at the earliest delivery date plus the margin', () => {
    expect(refillLeadTimeEnd(time.clock(), server.settings.refillProposalMarginDays)).toBe(
      '2026-12-02',
    );
  });

  it('drafts one proposal when a reading brings the run-out within the lead time, and mails each buyer once', async () => {
    // 100 m a day: TR-FAST runs out in 6 days (1 December); TR-SLOW, 10 m a day, in 2027.
    await pastReading(drum['TR-FAST']!, 3, 900);
    await pastReading(drum['TR-SLOW']!, 3, 990);
    await readNow(drum['TR-SLOW']!, 960);
    expect(await listed()).toEqual([]);
    await readNow(drum['TR-FAST']!, 600);
    const [proposal, ...more] = await listed();
    expect(more).toEqual([]);
    expect(proposal).toMatchObject({
      status: 'open',
      drum: { id: drum['TR-FAST'], serial: 'TR-FAST' },
      site: { id: mine.siteId, name: 'North yard' },
      quantity: 1,
      deliveryDate: '2026-11-27',
      runOutOn: '2026-12-01',
      remainingM: 600,
      contactPhone: null,
    });

    // Buyers who may order for the site, each in their language; not the viewer, not a buyer of
    // another site, not another account.
    const mails = await proposalMails();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'admin@example.com',
      'buyer@example.com',
    ]);
    const french = mails.find((mail) => mail.toAddress === 'buyer@example.com')!;
    expect(french.subject).toBe('Touret TR-FAST\u202f: un réapprovisionnement est proposé');
    expect(french.text).toContain('1 décembre 2026');
    const english = mails.find((mail) => mail.toAddress === 'admin@example.com')!;
    expect(english.subject).toBe('Drum TR-FAST: a refill is proposed');

    // More readings, by hand or from a machine, and a sweep: still one proposal, no more mail.
    await readNow(drum['TR-FAST']!, 580);
    await db.transaction((tx) =>
      recordSensorReadings(
        tx,
        { settings: server.settings, translations: loadTranslations() },
        {
          accountId: mine.accountId,
          siteIds: null,
          apiKeyId: randomUUID(),
          input: [
            { drumSerial: 'TR-FAST', remainingLength: 570, measuredAt: time.clock().toISOString() },
          ],
          now: time.clock(),
        },
      ),
    );
    await sweepRefillProposals(
      db,
      { settings: server.settings, translations: loadTranslations() },
      time.clock(),
    );
    expect(await listed()).toHaveLength(1);
    expect(await proposalMails()).toHaveLength(2);
    // A buyer of another site sees none of it.
    expect(await listed('southbuyer')).toEqual([]);
  });

  it('is confirmed in one click into a refill request; a replay answers the same request', async () => {
    const [proposal] = await listed();
    const path = `/api/refill/proposals/${proposal!.id}/confirm`;
    // No phone known yet (no request for the site, none in the profile): the form takes over.
    const noPhone = await as('buyer', path, {});
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'contactPhone', errorCode: 'field.required' }],
    });
    expect((await as('buyer', path, { contactPhone: '0612' })).status).toBe(400);

    const confirmed = await as('buyer', path, { contactPhone: '+33612345678' });
    expect(confirmed.status).toBe(200);
    const request = (await confirmed.json()) as RefillRequest;
    expect(request).toMatchObject({
      status: 'submitted',
      site: { id: mine.siteId },
      items: [{ drumId: drum['TR-FAST'], quantity: 1 }],
      deliveryDate: '2026-11-27',
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
    });
    const replay = await as('buyer', path, {});
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as RefillRequest).id).toBe(request.id);
    expect(await listed()).toEqual([]);
    const [row] = await db
      .select()
      .from(refillProposals)
      .where(eq(refillProposals.id, proposal!.id));
    expect(row).toMatchObject({ status: 'confirmed', requestId: request.id });

    // Confirmed, it cannot be dismissed; an ordered drum is not proposed again.
    const dismiss = await as('buyer', `/api/refill/proposals/${proposal!.id}/dismiss`, {});
    expect(dismiss.status).toBe(409);
    expect(await messageOf(dismiss)).toBe('refill.proposal_closed');
    await readNow(drum['TR-FAST']!, 500);
    expect(await listed()).toEqual([]);
  });

  it('answers 401, 403 and 404 to whoever may not act on a proposal', async () => {
    await pastReading(drum['TR-DISMISS']!, 2, 500);
    await readNow(drum['TR-DISMISS']!, 300);
    const [proposal] = await listed();
    expect(proposal?.drum.serial).toBe('TR-DISMISS');
    // The site's latest request gives the phone now.
    expect(proposal?.contactPhone).toBe('+33612345678');
    const confirm = `/api/refill/proposals/${proposal!.id}/confirm`;
    const dismiss = `/api/refill/proposals/${proposal!.id}/dismiss`;
    expect((await as(undefined, '/api/refill/proposals')).status).toBe(401);
    expect((await as(undefined, confirm, {})).status).toBe(401);
    expect((await as('viewer', '/api/refill/proposals')).status).toBe(200);
    expect((await as('viewer', confirm, {})).status).toBe(403);
    expect((await as('viewer', dismiss, {})).status).toBe(403);
    // Another account's proposal, one of a site out of reach and an unknown one are not found.
    expect((await as('otherbuyer', confirm, {})).status).toBe(404);
    expect((await as('otherbuyer', dismiss, {})).status).toBe(404);
    expect((await as('southbuyer', dismiss, {})).status).toBe(404);
    expect(
      (await as('buyer', `/api/refill/proposals/${otherAccountDrumProposal}/confirm`, {})).status,
    ).toBe(404);
    expect((await as('buyer', `/api/refill/proposals/${randomUUID()}/dismiss`, {})).status).toBe(
      404,
    );
    expect((await as('buyer', '/api/refill/proposals/not-an-id/dismiss', {})).status).toBe(400);
  });

  it('is dismissed in one click and not proposed again until the drum is refilled', async () => {
    const [proposal] = await listed();
    const dismiss = `/api/refill/proposals/${proposal!.id}/dismiss`;
    expect((await as('buyer', dismiss, {})).status).toBe(204);
    expect((await as('buyer', dismiss, {})).status).toBe(204);
    const confirm = await as('buyer', `/api/refill/proposals/${proposal!.id}/confirm`, {});
    expect(confirm.status).toBe(409);
    expect(await messageOf(confirm)).toBe('refill.proposal_closed');
    expect(await listed()).toEqual([]);
    await readNow(drum['TR-DISMISS']!, 250);
    expect(await listed()).toEqual([]);

    // Refilled (a higher reading), then used up again over a new month: proposed anew.
    await readNow(drum['TR-DISMISS']!, 1000);
    // Five weeks on, in two steps: a session used in its last half is extended.
    time.advance(20 * DAY);
    expect(await listed()).toEqual([]);
    time.advance(15 * DAY);
    await pastReading(drum['TR-DISMISS']!, 2, 500);
    await readNow(drum['TR-DISMISS']!, 300);
    const again = await listed();
    expect(again.map((open) => open.drum.serial)).toContain('TR-DISMISS');
    expect(again.find((open) => open.drum.serial === 'TR-DISMISS')?.id).not.toBe(proposal!.id);
  });

  it('is drafted by the sweep when time alone brings the run-out within the lead time', async () => {
    // 40 m a day from 800 m: 20 days to go, beyond the lead time until about two weeks have passed.
    await pastReading(drum['TR-LATER']!, 2, 880);
    await readNow(drum['TR-LATER']!, 800);
    const later = async () =>
      (await listed()).filter((open) => open.drum.serial === 'TR-LATER').length;
    expect(await later()).toBe(0);
    time.advance(14 * DAY);
    const deps = { settings: server.settings, translations: loadTranslations() };
    expect(await sweepRefillProposals(db, deps, time.clock())).toBe(1);
    expect(await sweepRefillProposals(db, deps, time.clock())).toBe(0);
    expect(await later()).toBe(1);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'refill_proposal'), eq(mailOutbox.toAddress, 'buyer@example.com')),
      );
    expect(mails.filter((mail) => mail.subject.includes('TR-LATER'))).toHaveLength(1);
  });
});
