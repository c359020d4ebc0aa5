import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { alerts, cartLines, mailOutbox, sessions, signInLinks, users } from '../../src/db/schema';
import { createFakeClock, tokenOf } from '../clock';
import { startTestServer, type TestServer } from '../test-server';
import { createCustomer, orderablePartId, rows } from './fixtures';

/**
 * Issue #10, suite 5 — concurrency: races that must end with exactly one row and never a 5xx.
 * Already proven per route and not repeated here: 20 concurrent redemptions of one link → one
 * session (users.routes.test.ts), concurrent refill submits with one Idempotency-Key → one request
 * (refill-requests.routes.test.ts), concurrent quotes with one key and two keys racing for one
 * cart (spareparts.routes.test.ts).
 */

let server: TestServer;
afterEach(() => server.close());

const generous = {
  RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000',
  RATE_LIMIT_MAIL_PER_MINUTE: '1000',
  RATE_LIMIT_MAIL_PER_HOUR: '1000',
};

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(server.database.db, query);
  return Number(row?.n ?? -1);
}

describe('suite 5 — concurrency', () => {
  it('100 parallel sign-ups for one address make one user (limits raised: 100 links and mails)', async () => {
    server = await startTestServer({ env: generous });
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.request('/api/users/signup', {
          json: { email: 'Same@Example.com', company: `Company ${i}` },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(202));
    expect(await count(sql`select count(*) as n from users`)).toBe(1);
    expect(await count(sql`select count(*) as n from sign_in_links`)).toBe(100);
    expect(await count(sql`select count(*) as n from mail_outbox`)).toBe(100);
    // The first company wins; later ones do not overwrite it.
    const [user] = await server.database.db.select().from(users);
    expect(user?.company).toMatch(/^Company \d+$/);
  });

  it('100 parallel sign-ups for one address under the default limits: one 202, 99 × 429, one mail', async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000' } });
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        server
          .request('/api/users/signup', { json: { email: 'limited@example.com' } })
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(99);
    expect(await count(sql`select count(*) as n from users`)).toBe(1);
    expect(await count(sql`select count(*) as n from mail_outbox`)).toBe(1);
  });

  it('100 parallel sign-ups from one IP for 100 addresses: exactly the 10 per minute allowed', async () => {
    server = await startTestServer();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server
          .request('/api/users/signup', { json: { email: `ip${i}@example.com` } })
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect(await count(sql`select count(*) as n from users`)).toBe(10);
  });

  it("redeeming several of one user's links at once opens one session, the others void, no 5xx", async () => {
    server = await startTestServer({ env: generous });
    for (let i = 0; i < 6; i++) {
      await server.request('/api/users/signup', { json: { email: 'many@example.com' } });
    }
    const links = await server.linksFor('many@example.com');
    expect(links).toHaveLength(6);
    const responses = await Promise.all(
      links.map((link) => server.request('/api/users/signin', { json: { hash: tokenOf(link) } })),
    );
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.every((status) => status === 200 || status === 400),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(await count(sql`select count(*) as n from sessions`)).toBe(1);
    const unused = await server.database.db
      .select()
      .from(signInLinks)
      .where(sql`${signInLinks.usedAt} is null`);
    expect(unused).toHaveLength(0);
  });

  it('20 concurrent cart updates of one part leave one line, with one of the quantities', async () => {
    const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
    server = await startTestServer({ clock: time.clock, env: generous });
    const me = await createCustomer(server, 'carty');
    const partId = await orderablePartId(server.database.db);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server
          .request(`/api/spareparts/cart/lines/${partId}`, {
            method: 'PUT',
            headers: { cookie: me.cookie },
            json: { quantity: i + 1 },
          })
          .then((response) => response.status),
      ),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    const lines = await server.database.db.select().from(cartLines);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBeGreaterThanOrEqual(1);
    expect(lines[0]!.quantity).toBeLessThanOrEqual(20);
  });

  it('10 concurrent readings crossing the threshold raise one alert and one mail', async () => {
    const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
    server = await startTestServer({ clock: time.clock, env: generous });
    const me = await createCustomer(server, 'reader');
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server
          .request(`/api/refill/drums/${me.drumIds[0]}/readings`, {
            headers: { cookie: me.cookie },
            json: { remainingM: 150 - i, readAt: `2026-11-23T08:${String(10 + i)}:00.000Z` },
          })
          .then((response) => response.status),
      ),
    );
    expect(statuses).toEqual(Array(10).fill(201));
    expect(await server.database.db.select().from(alerts)).toHaveLength(1);
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'drum_alert'));
    expect(mails).toHaveLength(1);
  });

  it('concurrent saves of the alert settings and sign-outs of one session never fail', async () => {
    const time = createFakeClock(new Date('2026-11-23T09:00:00Z'));
    server = await startTestServer({ clock: time.clock, env: generous });
    const me = await createCustomer(server, 'saver');
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server
          .request('/api/refill/alerts', {
            method: 'PUT',
            headers: { cookie: me.cookie },
            json: { thresholdPct: 20 + i, criticalPct: 10, emailEnabled: true, recipients: [] },
          })
          .then((response) => response.status),
      ),
    );
    expect(saves).toEqual(Array(10).fill(200));
    expect(await count(sql`select count(*) as n from alert_settings`)).toBe(1);
    const signOuts = await Promise.all(
      Array.from({ length: 10 }, () =>
        server
          .request('/api/users/signout', { json: {}, headers: { cookie: me.cookie } })
          .then((response) => response.status),
      ),
    );
    expect(signOuts).toEqual(Array(10).fill(204));
    const revoked = await server.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.revokedAt} is not null`);
    expect(revoked).toHaveLength(1);
  });
});
