import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Inbox,
  NotificationList,
  Quote,
  RefillRequest,
  WorkItemDetail,
} from '@portal/contract';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  sites,
  spareParts,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { earliestDeliveryDate, formatDay } from '../../services/refill/delivery-date';
import { loadTranslations } from '../../services/translations';
import { sweepOffers } from '../../services/workflow/offer-sweep';

let server: TestServer;
let db: Database;
// Monday 23 November 2026, 10:00 in Paris.
const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let customer: { cookie: string; accountId: string; siteId: string; drumId: string };
let other: { cookie: string };
let agentA: { cookie: string; id: string };
let agentB: { cookie: string; id: string };
let partIds: string[] = [];

async function signIn(email: string, set: Partial<typeof users.$inferInsert>) {
  await server.request('/api/users/signup', { json: { email } });
  await db.update(users).set(set).where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  const cookie = sessionCookie(
    await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
  );
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { cookie, id: user!.id };
}

async function customerAccount(name: string) {
  const [account] = await db.insert(accounts).values({ name }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: `${name} site`, city: 'Lyon' })
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
      serial: `${name}-1`,
      initialLengthM: 1000,
      installedOn: '2026-06-01',
    })
    .returning();
  const { cookie } = await signIn(`${name}@example.com`, {
    accountId: account!.id,
    role: 'admin',
    locale: 'en',
  });
  return { cookie, accountId: account!.id, siteId: site!.id, drumId: drum!.id };
}

beforeAll(async () => {
  server = await startTestServer({
    clock: time.clock,
    env: {
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-files-')),
    },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, 3);
  partIds = (await db.select({ id: spareParts.id }).from(spareParts).limit(2)).map((p) => p.id);
  customer = await customerAccount('acme');
  other = await customerAccount('globex');
  agentA = await signIn('agent.a@provider.example', {
    role: 'agent',
    firstName: 'Alice',
    lastName: 'Agent',
  });
  agentB = await signIn('agent.b@provider.example', { role: 'agent', locale: 'fr' });
}, 60_000);
afterAll(() => server.close());

const as = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  server.request(path, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
const post = (cookie: string, path: string, json: unknown) =>
  as(cookie, path, { method: 'POST', json });

let keyCount = 0;
async function requestQuote(): Promise<Quote> {
  for (const partId of partIds) {
    await as(customer.cookie, `/api/spareparts/cart/lines/${partId}`, {
      method: 'PUT',
      json: { quantity: 2 },
    });
  }
  keyCount += 1;
  const response = await as(customer.cookie, '/api/spareparts/quotes?lang=en', {
    method: 'POST',
    headers: { 'idempotency-key': `quote-key-${keyCount}-abcdef` },
    json: { comment: 'Need them soon' },
  });
  expect(response.status).toBe(201);
  // Each later step happens a minute on, as it would at a desk.
  time.advance(60);
  return (await response.json()) as Quote;
}

async function requestRefill(deliveryDate = '2026-11-30'): Promise<RefillRequest> {
  keyCount += 1;
  const response = await as(customer.cookie, '/api/refill/requests', {
    method: 'POST',
    headers: { 'idempotency-key': `refill-key-${keyCount}-abcdef` },
    json: {
      items: [{ drumId: customer.drumId, quantity: 1 }],
      siteId: customer.siteId,
      deliveryDate,
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
    },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RefillRequest;
}

const detail = async (cookie: string, id: string) =>
  (await (await as(cookie, `/api/backoffice/items/${id}?lang=en`)).json()) as WorkItemDetail;
const customerQuote = async (id: string) =>
  (
    (await (await as(customer.cookie, '/api/spareparts/quotes?lang=en')).json()) as {
      quotes: Quote[];
    }
  ).quotes.find((quote) => quote.id === id)!;

describe('a quote through the back-office', () => {
  it('is requested, claimed, priced and accepted, every step on both timelines', async () => {
    const quote = await requestQuote();
    expect(quote).toMatchObject({ status: 'requested', turn: 'provider', handledBy: null });

    // Staff are told, in their language.
    const staffMails = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'work_item_update'),
          eq(mailOutbox.toAddress, 'agent.b@provider.example'),
        ),
      );
    expect(staffMails.at(-1)?.subject).toContain(quote.number);
    expect(staffMails.at(-1)?.subject).toContain('demandé');
    // Behind every sign-in mail in the outbox, however many notifications queue.
    const [signIn] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'sign_in_link'));
    expect(staffMails.at(-1)!.priority).toBeGreaterThan(signIn!.priority);

    const inbox = (await (
      await as(agentA.cookie, '/api/backoffice/inbox?kind=quote')
    ).json()) as Inbox;
    expect(inbox.items.map((item) => item.id)).toContain(quote.id);
    expect(inbox.counts.unassigned).toBeGreaterThan(0);

    // Two agents claim at once: one wins, the other is told.
    const claims = await Promise.all([
      post(agentA.cookie, `/api/backoffice/items/${quote.id}/claim`, {}),
      post(agentB.cookie, `/api/backoffice/items/${quote.id}/claim`, {}),
    ]);
    const statuses = claims.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = claims.find((response) => response.status === 409)!;
    expect(await loser.json()).toEqual({ message: 'workflow.already_claimed' });
    const winner = claims[0]!.status === 200 ? agentA : agentB;

    const review = await post(winner.cookie, `/api/backoffice/items/${quote.id}/transition`, {
      action: 'review',
    });
    expect(review.status).toBe(200);
    const reviewed = (await review.json()) as WorkItemDetail;
    expect(reviewed.status).toBe('in_review');
    expect(reviewed.actions).toContain('offer');
    const lines = reviewed.quote!.lines;

    const offer = (prices: number[], validUntil = '2026-12-15') => ({
      action: 'offer',
      offer: {
        lines: lines.map((line, index) => ({ lineId: line.lineId, unitPriceCents: prices[index] })),
        discountBasisPoints: 1000,
        validUntil,
        note: 'Delivery in two weeks',
      },
    });
    const negative = await post(
      winner.cookie,
      `/api/backoffice/items/${quote.id}/transition`,
      offer([-1, 100]),
    );
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { message: string }).message).toBe('quote.negative_price');
    const past = await post(
      winner.cookie,
      `/api/backoffice/items/${quote.id}/transition`,
      offer([100, 100], '2026-11-20'),
    );
    expect(past.status).toBe(400);
    expect(((await past.json()) as { message: string }).message).toBe('quote.validity_in_past');
    const offered = await post(
      winner.cookie,
      `/api/backoffice/items/${quote.id}/transition`,
      offer([1000, 500]),
    );
    expect(offered.status).toBe(200);

    const seen = await customerQuote(quote.id);
    expect(seen.status).toBe('offered');
    expect(seen.turn).toBe('customer');
    expect(seen.handledBy?.id).toBe(winner.id);
    // (1000 + 500) × 2 = 3000, less 10 % = 2700 before tax, 540 of VAT, 3240 with tax.
    expect(seen.lines.map((line) => line.unitPriceCents)).toEqual(
      expect.arrayContaining([1000, 500]),
    );
    expect(seen.figures).toMatchObject({
      subtotalCents: 3000,
      discountCents: 300,
      netCents: 2700,
      taxCents: 540,
      totalCents: 3240,
    });
    expect(seen.offer).toMatchObject({ validUntil: '2026-12-15' });
    expect(seen.unread).toBe(true);
    const customerMail = await db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, 'work_item_update'), eq(mailOutbox.toAddress, 'acme@example.com')),
      );
    expect(customerMail.at(-1)?.subject).toBe(`Quote ${quote.number}: offer ready`);

    const accept = (json: unknown) =>
      post(customer.cookie, `/api/spareparts/quotes/${quote.id}/transition?lang=en`, json);
    const accepted = await accept({ action: 'accept', poNumber: 'PO-778' });
    expect(accepted.status).toBe(200);
    const acceptedQuote = (await accepted.json()) as Quote;
    expect(acceptedQuote).toMatchObject({ status: 'accepted', poNumber: 'PO-778', turn: null });
    // A replay answers the same and writes nothing more.
    const replay = await accept({ action: 'accept', poNumber: 'PO-778' });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as Quote).timeline).toHaveLength(acceptedQuote.timeline.length);
    expect(acceptedQuote.timeline.map((event) => event.to).filter(Boolean)).toEqual([
      'requested',
      'in_review',
      'offered',
      'accepted',
    ]);

    const staffView = await detail(winner.cookie, quote.id);
    expect(staffView.timeline.map((event) => event.action)).toEqual([
      'create',
      'claim',
      'review',
      'offer',
      'accept',
    ]);
    const notAllowed = await post(winner.cookie, `/api/backoffice/items/${quote.id}/transition`, {
      action: 'review',
    });
    expect(notAllowed.status).toBe(409);
    expect(await notAllowed.json()).toEqual({ message: 'workflow.transition_not_allowed' });
  });

  it('refuses to accept an offer past its validity', async () => {
    const quote = await requestQuote();
    const reviewed = (await (
      await post(agentA.cookie, `/api/backoffice/items/${quote.id}/transition`, {
        action: 'review',
      })
    ).json()) as WorkItemDetail;
    await post(agentA.cookie, `/api/backoffice/items/${quote.id}/transition`, {
      action: 'offer',
      offer: {
        lines: reviewed.quote!.lines.map((line) => ({ lineId: line.lineId, unitPriceCents: 100 })),
        validUntil: '2026-11-24',
      },
    });
    time.advance(3 * 24 * 3600);
    const late = await post(customer.cookie, `/api/spareparts/quotes/${quote.id}/transition`, {
      action: 'accept',
      poNumber: 'PO-9',
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: 'quote.offer_expired' });
    expect((await customerQuote(quote.id)).status).toBe('offered');
    // The inbox's sweep expires it; the customer may then ask again.
    await as(agentA.cookie, '/api/backoffice/inbox');
    expect((await customerQuote(quote.id)).status).toBe('expired');
    const again = await post(customer.cookie, `/api/spareparts/quotes/${quote.id}/transition`, {
      action: 'requote',
    });
    expect(((await again.json()) as Quote).status).toBe('requested');
  });
});

describe("the offers' clock", () => {
  it('reminds the customer once, three days before an offer expires', async () => {
    const quote = await requestQuote();
    const reviewed = (await (
      await post(agentA.cookie, `/api/backoffice/items/${quote.id}/transition`, {
        action: 'review',
      })
    ).json()) as WorkItemDetail;
    const inTwoDays = new Date(time.clock().getTime() + 2 * 24 * 3600 * 1000)
      .toISOString()
      .slice(0, 10);
    await post(agentA.cookie, `/api/backoffice/items/${quote.id}/transition`, {
      action: 'offer',
      offer: {
        lines: reviewed.quote!.lines.map((line) => ({ lineId: line.lineId, unitPriceCents: 100 })),
        validUntil: inTwoDays,
      },
    });
    const deps = {
      translations: loadTranslations(),
      publicUrl: 'http://localhost:3000/',
      taxRateBasisPoints: 2000,
    };
    const reminders = async () =>
      (
        await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'acme@example.com'))
      ).filter(
        (mail) =>
          mail.subject ===
          `Quote ${quote.number}: the offer expires on ${formatDay(inTwoDays, 'en')}`,
      );
    expect(await reminders()).toHaveLength(0);
    expect((await sweepOffers(db, deps, time.clock())).reminded).toBeGreaterThan(0);
    expect((await sweepOffers(db, deps, time.clock())).reminded).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });
});

describe('the staff daily digest', () => {
  it("gathers a chooser's notifications in one mail a day instead of one mail each", async () => {
    const put = await as(agentB.cookie, '/api/backoffice/preferences', {
      method: 'PUT',
      json: { notificationDigest: true },
    });
    expect(await put.json()).toEqual({ notificationDigest: true });
    const quote = await requestQuote();
    const mailsTo = async (email: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).filter(
        (mail) => mail.kind === 'work_item_update',
      );
    expect((await mailsTo('agent.b@provider.example')).map((m) => m.subject).join()).not.toContain(
      quote.number,
    );
    expect((await mailsTo('agent.a@provider.example')).map((m) => m.subject).join()).toContain(
      quote.number,
    );
    const nextDay = new Date(time.clock().getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const deps = {
      translations: loadTranslations(),
      publicUrl: 'http://localhost:3000/',
      taxRateBasisPoints: 2000,
    };
    // Before 8:00 in Paris nothing goes; from then, one digest, once that day.
    expect((await sweepOffers(db, deps, new Date(`${nextDay}T06:30:00Z`))).digests).toBe(0);
    expect((await sweepOffers(db, deps, new Date(`${nextDay}T08:30:00Z`))).digests).toBe(1);
    expect((await sweepOffers(db, deps, new Date(`${nextDay}T12:00:00Z`))).digests).toBe(0);
    const digest = (await mailsTo('agent.b@provider.example')).at(-1)!;
    expect(digest.subject).toMatch(/^Votre récapitulatif du jour/);
    expect(digest.text).toContain(`${quote.number}\u202f: nouvelle demande`);
    await as(agentB.cookie, '/api/backoffice/preferences', {
      method: 'PUT',
      json: { notificationDigest: false },
    });
  });
});

describe('a refill request through the back-office', () => {
  it("moves an item only through its own kind's route: another kind's id is not found", async () => {
    const refill = await requestRefill();
    const asCollection = await post(
      customer.cookie,
      `/api/refill/collections/${refill.id}/transition`,
      { action: 'cancel' },
    );
    expect(asCollection.status).toBe(404);
    const asQuote = await post(customer.cookie, `/api/spareparts/quotes/${refill.id}/transition`, {
      action: 'withdraw',
    });
    expect(asQuote.status).toBe(404);
    expect((await detail(agentA.cookie, refill.id)).status).toBe('submitted');
  });

  it('goes from submitted to delivered; the customer cancels only while submitted', async () => {
    const refill = await requestRefill();
    const path = `/api/backoffice/items/${refill.id}/transition`;
    const tooEarly = await post(agentA.cookie, path, { action: 'deliver' });
    expect(tooEarly.status).toBe(409);
    const confirmed = await post(agentA.cookie, path, {
      action: 'confirm',
      deliveryDate: '2026-12-02',
    });
    expect(confirmed.status).toBe(200);
    const cancel = await post(customer.cookie, `/api/refill/requests/${refill.id}/transition`, {
      action: 'cancel',
    });
    expect(cancel.status).toBe(409);
    expect((await post(agentA.cookie, path, { action: 'schedule' })).status).toBe(200);
    expect((await post(agentA.cookie, path, { action: 'deliver' })).status).toBe(200);
    const list = (await (await as(customer.cookie, '/api/refill/requests')).json()) as {
      requests: RefillRequest[];
    };
    const seen = list.requests.find((request) => request.id === refill.id)!;
    expect(seen).toMatchObject({ status: 'delivered', deliveryDate: '2026-12-02', turn: null });
    expect(seen.handledBy?.name).toBe('Alice Agent');
    expect(seen.timeline.map((event) => event.to).filter(Boolean)).toEqual([
      'submitted',
      'confirmed',
      'scheduled',
      'delivered',
    ]);

    const second = await requestRefill();
    const cancelled = await post(customer.cookie, `/api/refill/requests/${second.id}/transition`, {
      action: 'cancel',
    });
    expect(((await cancelled.json()) as RefillRequest).status).toBe('cancelled');
  });
});

describe("customer service's files", () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const attach = (cookie: string | undefined, itemId: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
    return server.request(`/api/backoffice/items/${itemId}/attachments`, {
      method: 'POST',
      headers: cookie ? { cookie } : {},
      body: form,
    });
  };

  it('go with a refill request, marked as theirs, to the customer who downloads them', async () => {
    const refill = await requestRefill();
    time.advance(60);
    const attached = await attach(agentA.cookie, refill.id, pdf, 'Bon de livraison «été».pdf');
    expect(attached.status).toBe(201);
    const attachment = (await attached.json()) as RefillRequest['attachments'][number];
    expect(attachment).toMatchObject({ author: 'service', contentType: 'application/pdf' });

    const staffSide = await detail(agentA.cookie, refill.id);
    expect(staffSide.refill?.attachments.map((file) => file.id)).toEqual([attachment.id]);
    const list = (await (await as(customer.cookie, '/api/refill/requests')).json()) as {
      requests: RefillRequest[];
    };
    const seen = list.requests.find((request) => request.id === refill.id)!;
    expect(seen.attachments).toEqual([attachment]);
    // Something new for the customer to read.
    expect(seen.unread).toBe(true);

    const byCustomer = await as(
      customer.cookie,
      `/api/refill/requests/${refill.id}/attachments/${attachment.id}`,
    );
    expect(byCustomer.status).toBe(200);
    expect(Buffer.from(await byCustomer.arrayBuffer())).toEqual(pdf);
    const byStaff = await as(
      agentB.cookie,
      `/api/backoffice/items/${refill.id}/attachments/${attachment.id}`,
    );
    expect(byStaff.status).toBe(200);
    expect(byStaff.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('are refused to a customer, off the refill requests, and as what they are not', async () => {
    const refill = await requestRefill();
    expect((await attach(undefined, refill.id, pdf, 'a.pdf')).status).toBe(401);
    expect((await attach(customer.cookie, refill.id, pdf, 'a.pdf')).status).toBe(403);
    const unknown = await attach(
      agentA.cookie,
      '00000000-0000-4000-8000-000000000000',
      pdf,
      'a.pdf',
    );
    expect(unknown.status).toBe(404);
    const quote = await requestQuote();
    const onQuote = await attach(agentA.cookie, quote.id, pdf, 'a.pdf');
    expect(onQuote.status).toBe(409);
    expect(await onQuote.json()).toMatchObject({ message: 'workflow.attachments_unavailable' });
    const script = await attach(
      agentA.cookie,
      refill.id,
      Buffer.from('<script>1</script>'),
      'a.pdf',
    );
    expect(script.status).toBe(415);
    expect((await detail(agentA.cookie, refill.id)).refill?.attachments).toEqual([]);
  });
});

describe('the inbox', () => {
  it('marks overdue and unread items, filters and counts them', async () => {
    const refill = await requestRefill();
    const find = async (query = '') =>
      (
        (await (await as(agentB.cookie, `/api/backoffice/inbox?${query}`)).json()) as Inbox
      ).items.find((item) => item.id === refill.id);
    expect(await find()).toMatchObject({ overdue: false, unread: false, turn: 'provider' });
    // The inbox names the next moment one of its items falls due: it is read again then.
    const ofAccount = async () =>
      (await (
        await as(agentB.cookie, `/api/backoffice/inbox?accountId=${customer.accountId}`)
      ).json()) as Inbox;
    const before = await ofAccount();
    const dueAt = (await find())?.dueAt;
    expect(dueAt).toEqual(expect.any(String));
    const comingDue = before.items
      .filter((item) => !item.overdue && item.dueAt !== null)
      .map((item) => item.dueAt!)
      .sort();
    expect(before.counts.nextDueAt).toBe(comingDue[0]);
    time.advance(2 * 24 * 3600);
    expect((await find())?.overdue).toBe(true);
    const after = (await ofAccount()).counts.nextDueAt;
    expect(after === null || after > dueAt!).toBe(true);
    await post(customer.cookie, `/api/refill/requests/${refill.id}/messages`, {
      body: 'Any news?',
    });
    expect((await find())?.unread).toBe(true);
    const filtered = (await (
      await as(
        agentB.cookie,
        `/api/backoffice/inbox?overdue=true&kind=refill_request&assignee=unassigned&accountId=${customer.accountId}`,
      )
    ).json()) as Inbox;
    expect(filtered.items.map((item) => item.id)).toContain(refill.id);
    expect(filtered.counts.overdue).toBe(filtered.counts.total);
    expect(filtered.counts.byStatus.submitted).toBeGreaterThan(0);
    expect(await find('assignee=me')).toBeUndefined();
    // Oldest waiting first.
    const all = (await (await as(agentB.cookie, '/api/backoffice/inbox')).json()) as Inbox;
    const waiting = all.items
      .map((item) => item.waitingSince)
      .filter((at): at is string => at !== null);
    expect(waiting).toEqual([...waiting].sort());

    // Reading it clears the mark; a staff reply answers the customer.
    await as(agentB.cookie, `/api/backoffice/items/${refill.id}`);
    expect((await find())?.unread).toBe(false);
    const reply = await post(agentB.cookie, `/api/backoffice/items/${refill.id}/messages`, {
      body: 'Truck booked',
    });
    expect(reply.status).toBe(201);
    expect(await find()).toMatchObject({ overdue: false, waitingSince: null });
  });

  it('counts the saved views over the other filters, whichever view is chosen', async () => {
    // Far enough ahead of the clock the tests before this one moved on.
    const refill = await requestRefill('2026-12-16');
    const inbox = async (query: string) =>
      (await (
        await as(agentA.cookie, `/api/backoffice/inbox?accountId=${customer.accountId}&${query}`)
      ).json()) as Inbox;
    const before = (await inbox('')).counts.views;
    // The assignee filter narrows the rows, not the views' counts.
    const mine = await inbox('assignee=me');
    expect(mine.items.map((item) => item.id)).not.toContain(refill.id);
    expect(mine.counts.views).toEqual(before);
    expect(before.unassigned).toBeGreaterThan(0);
    expect(before.all).toBeGreaterThanOrEqual(before.unassigned + before.mine);

    await post(agentA.cookie, `/api/backoffice/items/${refill.id}/claim`, {});
    const claimed = (await inbox('')).counts.views;
    expect(claimed.mine).toBe(before.mine + 1);
    expect(claimed.unassigned).toBe(before.unassigned - 1);

    // Waiting three days: the view counts it, and its filter (age=3) lists it.
    const waitingBefore = claimed.waiting;
    time.advance(3 * 24 * 3600 + 60);
    const later = await inbox('minAgeDays=3');
    expect(later.counts.views.waiting).toBeGreaterThan(waitingBefore);
    expect(later.counts.views.waiting).toBe(later.counts.total);
    expect(later.items.map((item) => item.id)).toContain(refill.id);
  });

  it('keeps internal notes from the customer', async () => {
    const quote = await requestQuote();
    const secret = 'Margin is thin, check with the boss';
    const noted = await post(agentA.cookie, `/api/backoffice/items/${quote.id}/notes`, {
      body: secret,
    });
    expect(noted.status).toBe(201);
    expect(((await noted.json()) as WorkItemDetail).notes.map((note) => note.body)).toEqual([
      secret,
    ]);
    for (const path of [
      '/api/spareparts/quotes?lang=en',
      `/api/spareparts/quotes/${quote.id}/messages`,
    ]) {
      const text = await (await as(customer.cookie, path)).text();
      expect(text).not.toContain(secret);
    }
  });

  it('lists the notifications of each side with an unread count, marked read on demand', async () => {
    const quote = await requestQuote();
    const list = async (cookie: string) =>
      (await (await as(cookie, '/api/notifications')).json()) as NotificationList;
    const staffSide = await list(agentB.cookie);
    expect(staffSide.notifications[0]).toMatchObject({
      itemId: quote.id,
      reference: quote.number,
      action: 'create',
      read: false,
    });
    await post(agentB.cookie, `/api/backoffice/items/${quote.id}/transition`, { action: 'review' });
    const customerSide = await list(customer.cookie);
    expect(customerSide.notifications[0]).toMatchObject({ itemId: quote.id, action: 'review' });
    expect(customerSide.unreadCount).toBeGreaterThan(0);
    const read = await post(customer.cookie, '/api/notifications/read', {});
    expect(read.status).toBe(204);
    expect((await list(customer.cookie)).unreadCount).toBe(0);
    // Marking one's own never touches another user's.
    expect((await list(agentB.cookie)).unreadCount).toBe(staffSide.unreadCount);
  });

  it('downloads as CSV and XLSX under the filters on screen, staff only', async () => {
    const refill = await requestRefill(earliestDeliveryDate(time.clock(), 'Europe/Paris'));
    const quote = await requestQuote();
    const listed = async (query: string) =>
      ((await (await as(agentB.cookie, `/api/backoffice/inbox?${query}`)).json()) as Inbox).items;
    const csv = await as(
      agentB.cookie,
      '/api/exports/inbox?format=csv&kind=refill_request&status=all',
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    // French reader: French headers and texts, ";" between cells.
    expect(lines[0]).toBe(
      'Référence;Type;État;À qui la main;Compte;Site;Traité par;Créé le;En attente depuis;Réponse due;Repères',
    );
    const row = lines.find((line) => line.startsWith(`${refill.number};`));
    expect(row).toMatch(/^RR-\d+;Demande de réapprovisionnement;[^;]+;[^;]*;acme;acme site;/);
    expect(lines).toHaveLength(1 + (await listed('kind=refill_request&status=all')).length);
    expect(lines.some((line) => line.startsWith(`${quote.number};`))).toBe(false);

    const xlsx = await as(
      agentA.cookie,
      `/api/exports/inbox?format=xlsx&kind=quote&status=all&accountId=${customer.accountId}`,
    );
    expect(xlsx.status).toBe(200);
    const sheet = strFromU8(
      unzipSync(new Uint8Array(await xlsx.arrayBuffer()))['xl/worksheets/sheet1.xml']!,
    );
    expect(sheet).toContain('>À qui la main<');
    expect(sheet).toContain(`>${quote.number}<`);
    expect(sheet).not.toContain(`>${refill.number}<`);

    expect((await server.request('/api/exports/inbox')).status).toBe(401);
    expect((await as(customer.cookie, '/api/exports/inbox?format=csv')).status).toBe(403);
    const bad = await as(agentA.cookie, '/api/exports/inbox?format=csv&assignee=everyone');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('request.invalid');
  });

  it("answers every change in the page's language, not the staff member's own", async () => {
    // Agent B's own language is French; the page they work on is in English.
    const quote = await requestQuote();
    const english = await db
      .select({ designation: spareParts.designationEn })
      .from(spareParts)
      .where(inArray(spareParts.id, partIds));
    const path = (action: string, lang = 'en') =>
      `/api/backoffice/items/${quote.id}/${action}?lang=${lang}`;
    const answers = [
      await post(agentB.cookie, path('claim'), {}),
      await post(agentB.cookie, path('transition'), { action: 'review' }),
      await post(agentB.cookie, path('messages'), { body: 'Looking into it' }),
      await post(agentB.cookie, path('notes'), { body: 'Check the stock' }),
      await post(agentB.cookie, path('assign'), { assigneeUserId: null }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      const item = (await answer.json()) as WorkItemDetail;
      expect(item.quote!.lines.map((line) => line.designation).sort()).toEqual(
        english.map((part) => part.designation).sort(),
      );
      expect(item.messages.map((message) => message.authorName)).not.toContain('Service client');
    }
    const read = await detail(agentB.cookie, quote.id);
    expect(read.messages.at(-1)?.authorName).toBe('Customer service');
    const french = (await (
      await post(agentB.cookie, path('claim', 'fr'), {})
    ).json()) as WorkItemDetail;
    expect(french.messages.at(-1)?.authorName).toBe('Service client');
    expect((await post(agentB.cookie, path('claim', 'de'), {})).status).toBe(400);
  });

  it('is staff only: 401 signed out, 403 for a customer, 404 for an unknown item', async () => {
    expect((await server.request('/api/backoffice/inbox')).status).toBe(401);
    expect((await as(customer.cookie, '/api/backoffice/inbox')).status).toBe(403);
    const quote = await requestQuote();
    expect(
      (await post(customer.cookie, `/api/backoffice/items/${quote.id}/claim`, {})).status,
    ).toBe(403);
    expect(
      (await as(agentA.cookie, '/api/backoffice/items/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
    // Another account's quote is not found.
    const foreign = await post(other.cookie, `/api/spareparts/quotes/${quote.id}/transition`, {
      action: 'withdraw',
    });
    expect(foreign.status).toBe(404);
  });
});
