import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, cartLines, mailOutbox, sessions, signInLinks, users } from '../../src/db/schema';
import { createFakeClock, tokenOf } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import { createCustomer, orderablePartId, rows, type Customer } from './fixtures';

/**
 * Reliability suite 5 — concurrency: races that must end with exactly one row and never a 5xx.
 * Already proven per route and not repeated here: 20 concurrent redemptions of one link → one
 * session (users.routes.test.ts), concurrent refill submits with one Idempotency-Key → one request
 * (refill-requests.routes.test.ts), concurrent quotes with one key and two keys racing for one
 * cart (spareparts.routes.test.ts).
 */

/** One server with the send limits raised, one with the defaults (its clock resets windows). */
let generous: TestServer;
let strict: TestServer;
const strictTime = createFakeClock(new Date('2026-11-23T09:00:00Z'));
let me: Customer;

beforeAll(async () => {
  [generous, strict] = await Promise.all([
    startTestServer({
      clock: createFakeClock(new Date('2026-11-23T09:00:00Z')).clock,
      env: {
        RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000',
        RATE_LIMIT_MAIL_PER_MINUTE: '1000',
        RATE_LIMIT_MAIL_PER_HOUR: '1000',
      },
    }),
    startTestServer({ clock: strictTime.clock }),
  ]);
  me = await createCustomer(generous, 'racer');
});
afterAll(async () => {
  await Promise.all([generous?.close(), strict?.close()]);
});

async function count(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(server.database.db, query);
  return Number(row?.n ?? -1);
}

const statusesOf = (responses: Array<Promise<Response>>) =>
  Promise.all(responses.map((response) => response.then((answer) => answer.status)));

describe('suite 5 — concurrency', () => {
  it('100 parallel sign-ups for one address make one user (limits raised: 100 links and mails)', async () => {
    const statuses = await statusesOf(
      Array.from({ length: 100 }, (_, i) =>
        generous.request('/api/users/signup', {
          json: { email: 'Same@Example.com', company: `Company ${i}` },
        }),
      ),
    );
    expect(statuses).toEqual(Array(100).fill(202));
    const matching = await generous.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'same@example.com'));
    expect(matching).toHaveLength(1);
    // The first company wins; later ones do not overwrite it.
    expect(matching[0]?.company).toMatch(/^Company \d+$/);
    const userId = matching[0]!.id;
    expect(
      await count(generous, sql`select count(*) as n from sign_in_links where user_id = ${userId}`),
    ).toBe(100);
    expect(
      await count(
        generous,
        sql`select count(*) as n from mail_outbox where to_address = 'same@example.com'`,
      ),
    ).toBe(100);
  });

  it('100 parallel sign-ups for one address under the default limits: one 202, 99 × 429, one mail', async () => {
    strictTime.advance(120);
    const statuses = await statusesOf(
      Array.from({ length: 100 }, () =>
        strict.request('/api/users/signup', { json: { email: 'limited@example.com' } }),
      ),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(99);
    expect(
      await count(strict, sql`select count(*) as n from users where email = 'limited@example.com'`),
    ).toBe(1);
    expect(
      await count(
        strict,
        sql`select count(*) as n from mail_outbox where to_address = 'limited@example.com'`,
      ),
    ).toBe(1);
  });

  it('100 parallel sign-ups from one IP for 100 addresses: exactly the 10 per minute allowed', async () => {
    strictTime.advance(120);
    const statuses = await statusesOf(
      Array.from({ length: 100 }, (_, i) =>
        strict.request('/api/users/signup', { json: { email: `ip${i}@example.com` } }),
      ),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect(
      await count(strict, sql`select count(*) as n from users where email like 'ip%@example.com'`),
    ).toBe(10);
  });

  it("redeeming all of a user's links at once opens one session per user, the others void, no 5xx", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `many${i}@example.com`);
    for (const email of emails) {
      for (let i = 0; i < 6; i++) await generous.request('/api/users/signup', { json: { email } });
    }
    const links = (await Promise.all(emails.map((email) => generous.linksFor(email)))).flat();
    expect(links).toHaveLength(30);
    const statuses = await statusesOf(
      links.map((link) => generous.request('/api/users/signin', { json: { hash: tokenOf(link) } })),
    );
    expect(
      statuses.every((status) => status === 200 || status === 400),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    for (const email of emails) {
      const [user] = await generous.database.db.select().from(users).where(eq(users.email, email));
      expect(
        await generous.database.db.select().from(sessions).where(eq(sessions.userId, user!.id)),
      ).toHaveLength(1);
      const unused = await generous.database.db
        .select()
        .from(signInLinks)
        .where(and(eq(signInLinks.userId, user!.id), isNull(signInLinks.usedAt)));
      expect(unused).toHaveLength(0);
    }
  });

  it('20 concurrent cart updates of one part leave one line, with one of the quantities', async () => {
    const partId = await orderablePartId(generous.database.db);
    const statuses = await statusesOf(
      Array.from({ length: 20 }, (_, i) =>
        generous.request(`/api/spareparts/cart/lines/${partId}`, {
          method: 'PUT',
          headers: { cookie: me.cookie },
          json: { quantity: i + 1 },
        }),
      ),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    const lines = await generous.database.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.userId, me.userId));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBeGreaterThanOrEqual(1);
    expect(lines[0]!.quantity).toBeLessThanOrEqual(20);
  });

  it('10 concurrent readings crossing the threshold raise one alert and one mail', async () => {
    const statuses = await statusesOf(
      Array.from({ length: 10 }, (_, i) =>
        generous.request(`/api/refill/drums/${me.drumIds[0]}/readings`, {
          headers: { cookie: me.cookie },
          json: { remainingM: 150 - i, readAt: `2026-11-23T08:${String(10 + i)}:00.000Z` },
        }),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(201));
    expect(
      await generous.database.db.select().from(alerts).where(eq(alerts.drumId, me.drumIds[0]!)),
    ).toHaveLength(1);
    const mails = await generous.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'drum_alert'));
    expect(mails).toHaveLength(1);
  });

  it('concurrent saves of the alert settings and sign-outs of one session never fail', async () => {
    const saves = await statusesOf(
      Array.from({ length: 10 }, (_, i) =>
        generous.request('/api/refill/alerts', {
          method: 'PUT',
          headers: { cookie: me.cookie },
          json: { thresholdPct: 20 + i, criticalPct: 10, emailEnabled: true, recipients: [] },
        }),
      ),
    );
    expect(saves).toEqual(Array(10).fill(200));
    expect(
      await count(
        generous,
        sql`select count(*) as n from alert_settings where account_id = ${me.accountId}`,
      ),
    ).toBe(1);
    const signOuts = await statusesOf(
      Array.from({ length: 10 }, () =>
        generous.request('/api/users/signout', { json: {}, headers: { cookie: me.cookie } }),
      ),
    );
    expect(signOuts).toEqual(Array(10).fill(204));
    const revoked = await generous.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, me.userId), isNotNull(sessions.revokedAt)));
    expect(revoked).toHaveLength(1);
  });
});
