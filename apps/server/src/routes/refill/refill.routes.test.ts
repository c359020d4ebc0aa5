import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  readings,
  sites,
  users,
} from '../../db/schema';
import { runSeedSteps } from '../../db/seed';
import { catalogSeedStep } from '../../seed/catalog-seed';
import { DEMO_ACCOUNT_ID } from '../../db/demo-account';
import { demoAccountSeedStep } from '../../seed/demo-account-seed';
import { createFakeClock, sessionCookie, tokenOf } from '../../../test/clock';
import { startTestServer, type TestServer } from '../../../test/test-server';

const DAY = 24 * 3600;
let server: TestServer;
let time: ReturnType<typeof createFakeClock>;
let db: Database;

beforeEach(async () => {
  time = createFakeClock(new Date('2026-11-22T12:00:00Z'));
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100' },
  });
  db = server.database.db;
  await runSeedSteps(db, [catalogSeedStep]);
});
afterEach(() => server.close());

/** Signs `email` in and attaches the user to `accountId` (null: no account). */
async function signInTo(
  email: string,
  accountId: string | null,
  rules?: unknown[],
): Promise<string> {
  await server.request('/api/users/signup', { json: { email } });
  await db
    .update(users)
    .set({ accountId, role: 'admin', ...(rules ? { rules: rules as never } : {}) })
    .where(eq(users.email, email));
  const [link] = await server.linksFor(email);
  const response = await server.request('/api/users/signin', {
    json: { hash: tokenOf(link ?? '') },
  });
  return sessionCookie(response);
}

/** An account with one drum of 1000 m whose readings are given as [days ago, metres left]. */
async function accountWithDrum(name: string, history: Array<[number, number]>) {
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
  for (const [daysAgo, remainingM] of history) {
    await db.insert(readings).values({
      drumId: drum!.id,
      readAt: new Date(time.clock().getTime() - daysAgo * DAY * 1000),
      remainingM,
      source: 'sensor',
    });
  }
  return { accountId: account!.id, drumId: drum!.id };
}

const get = (path: string, cookie: string) => server.request(path, { headers: { cookie } });
const post = (path: string, cookie: string, json: unknown) =>
  server.request(path, { headers: { cookie }, json });

describe('access to refill data', () => {
  it('needs a session (401), the get-refill ability (403) and answers only the own account (404)', async () => {
    expect((await server.request('/api/refill/drums')).status).toBe(401);
    const other = await accountWithDrum('other', [[0, 500]]);
    const mine = await accountWithDrum('mine', [[0, 800]]);
    const noRefill = await signInTo('norefill@example.com', mine.accountId, [
      { action: 'get', subject: 'spareparts' },
    ]);
    const forbidden = await get('/api/refill/drums', noRefill);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: 'auth.forbidden' });

    const cookie = await signInTo('ada@example.com', mine.accountId);
    const list = (await (await get('/api/refill/drums', cookie)).json()) as {
      drums: Array<{ id: string }>;
    };
    expect(list.drums.map((drum) => drum.id)).toEqual([mine.drumId]);
    expect((await get(`/api/refill/drums/${other.drumId}/qgraph`, cookie)).status).toBe(404);
    const foreignReading = await post(`/api/refill/drums/${other.drumId}/readings`, cookie, {
      remainingM: 10,
      readAt: time.clock().toISOString(),
    });
    expect(foreignReading.status).toBe(404);
    expect((await get('/api/refill/drums/not-a-uuid/qgraph', cookie)).status).toBe(400);
  });

  it('shows an honest empty list to a user without an account', async () => {
    const cookie = await signInTo('solo@example.com', null);
    const response = await get('/api/refill/drums', cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      drums: [],
      thresholds: { thresholdPct: 20, criticalPct: 10 },
      rentTerms: { rentFreeDays: 90, monthlyRate: 30, isDefault: true },
    });
  });
});

describe('GET /api/refill/drums derived values', () => {
  it('computes remaining, consumption, run-out and status as worked by hand', async () => {
    // 1000 m drum: 950 m 40 days ago (outside the window), 900 m 30 days ago, 600 m today.
    // Window: 900 → 600 over 30 days = 10 m/day; 600 m / 10 = 60 days → 2027-01-21; 60 % → ok.
    const { accountId } = await accountWithDrum('calc', [
      [40, 950],
      [30, 900],
      [0, 600],
    ]);
    const cookie = await signInTo('calc@example.com', accountId);
    const body = (await (await get('/api/refill/drums', cookie)).json()) as {
      drums: Array<Record<string, unknown>>;
    };
    expect(body.drums[0]).toMatchObject({
      initialLengthM: 1000,
      remainingM: 600,
      remainingPct: 60,
      averageDailyConsumptionM: 10,
      estimatedRunOutOn: '2027-01-21',
      status: 'ok',
      activeAlert: null,
      lastReadingAt: '2026-11-22T12:00:00.000Z',
    });
  });

  it('uses the account thresholds for the status', async () => {
    const { accountId } = await accountWithDrum('thr', [[0, 250]]);
    const cookie = await signInTo('thr@example.com', accountId);
    const status = async () =>
      (
        (await (await get('/api/refill/drums', cookie)).json()) as {
          drums: Array<{ status: string }>;
        }
      ).drums[0]?.status;
    expect(await status()).toBe('ok');
    const saved = await server.request('/api/refill/alerts', {
      method: 'PUT',
      headers: { cookie },
      json: { thresholdPct: 30, criticalPct: 25, emailEnabled: false, recipients: [] },
    });
    expect(saved.status).toBe(200);
    expect(await status()).toBe('critical');
  });

  it('lists the seeded demo account for a new sign-up when demo data is on', async () => {
    await runSeedSteps(db, [demoAccountSeedStep(16, time.clock)]);
    await server.request('/api/users/signup', { json: { email: 'demo@example.com' } });
    const [user] = await db.select().from(users).where(eq(users.email, 'demo@example.com'));
    expect(user?.accountId).toBe(DEMO_ACCOUNT_ID);
    const [link] = await server.linksFor('demo@example.com');
    const cookie = sessionCookie(
      await server.request('/api/users/signin', { json: { hash: tokenOf(link ?? '') } }),
    );
    const body = (await (await get('/api/refill/drums', cookie)).json()) as {
      drums: Array<{ remainingPct: number }>;
    };
    expect(body.drums).toHaveLength(16);
    for (const drum of body.drums) expect(drum.remainingPct).toBeLessThanOrEqual(100);

    // Each alert is "since" the reading that crossed its threshold, not since the seeding.
    const active = (
      (await (await get('/api/refill/alerts', cookie)).json()) as {
        active: Array<{ drumId: string; raisedAt: string }>;
      }
    ).active;
    expect(active.length).toBeGreaterThan(0);
    for (const alert of active) {
      const drumReadings = await db
        .select({ readAt: readings.readAt })
        .from(readings)
        .where(eq(readings.drumId, alert.drumId));
      const times = drumReadings.map((reading) => reading.readAt.toISOString());
      expect(times).toContain(alert.raisedAt);
      expect(Date.parse(alert.raisedAt)).toBeLessThanOrEqual(time.clock().getTime());
    }
  });
});

describe('readings and alerts', () => {
  it('validates a reading: not negative, not above the initial length, not in the future', async () => {
    const { accountId, drumId } = await accountWithDrum('val', [[1, 800]]);
    const cookie = await signInTo('val@example.com', accountId);
    const now = time.clock().getTime();
    for (const [body, field] of [
      [{ remainingM: -1, readAt: new Date(now).toISOString() }, 'remainingM'],
      [{ remainingM: 1001, readAt: new Date(now).toISOString() }, 'remainingM'],
      [{ remainingM: 100, readAt: new Date(now + 3600_000).toISOString() }, 'readAt'],
      [{ remainingM: 100, readAt: 'yesterday' }, 'readAt'],
    ] as const) {
      const response = await post(`/api/refill/drums/${drumId}/readings`, cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const payload = (await response.json()) as { errors: Array<{ field: string }> };
      expect(payload.errors.map((error) => error.field)).toEqual([field]);
    }
  });

  it('raises one alert and one mail when crossing the threshold, upgrades at critical, resolves on refill', async () => {
    const { accountId, drumId } = await accountWithDrum('alrt', [[1, 800]]);
    const cookie = await signInTo('alerts@example.com', accountId);
    await db.update(users).set({ locale: 'en' }).where(eq(users.email, 'alerts@example.com'));
    const alertMails = async () =>
      (await db.select().from(mailOutbox)).filter((mail) => mail.kind === 'drum_alert');
    const read = async (remainingM: number) => {
      time.advance(3600);
      const response = await post(`/api/refill/drums/${drumId}/readings`, cookie, {
        remainingM,
        readAt: time.clock().toISOString(),
      });
      expect(response.status).toBe(201);
    };
    const active = async () =>
      (
        (await (await get('/api/refill/alerts', cookie)).json()) as {
          active: Array<{ level: string }>;
        }
      ).active;

    await read(500);
    expect(await active()).toEqual([]);
    await read(190); // 19 % ≤ 20 %: low
    expect((await active()).map((alert) => alert.level)).toEqual(['low']);
    expect(await alertMails()).toHaveLength(1);
    await read(150); // still low: nothing new
    expect(await active()).toHaveLength(1);
    expect(await alertMails()).toHaveLength(1);
    await read(90); // 9 % ≤ 10 %: critical, one more mail
    expect((await active()).map((alert) => alert.level)).toEqual(['critical']);
    const mails = await alertMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.toAddress)).toEqual([
      'alerts@example.com',
      'alerts@example.com',
    ]);
    expect(mails[1]?.subject).toBe('Drum alrt-1 alert: critical');
    await read(1000); // refilled
    expect(await active()).toEqual([]);
  });

  it('queues no mail when alert e-mails are off, and mails the configured users of the account otherwise', async () => {
    const { accountId, drumId } = await accountWithDrum('rcpt', [[1, 800]]);
    const cookie = await signInTo('rcpt@example.com', accountId);
    await server.request('/api/refill/alerts', {
      method: 'PUT',
      headers: { cookie },
      json: { thresholdPct: 20, criticalPct: 10, emailEnabled: false, recipients: [] },
    });
    await post(`/api/refill/drums/${drumId}/readings`, cookie, {
      remainingM: 100,
      readAt: time.clock().toISOString(),
    });
    expect(
      (await db.select().from(mailOutbox)).filter((mail) => mail.kind === 'drum_alert'),
    ).toEqual([]);

    const other = await accountWithDrum('rcpt2', [[1, 800]]);
    const cookie2 = await signInTo('rcpt2@example.com', other.accountId);
    await signInTo('planner@example.com', other.accountId);
    await db.update(users).set({ locale: 'en' }).where(eq(users.email, 'planner@example.com'));
    await server.request('/api/refill/alerts', {
      method: 'PUT',
      headers: { cookie: cookie2 },
      json: {
        thresholdPct: 20,
        criticalPct: 10,
        emailEnabled: true,
        recipients: ['Planner@example.com'],
      },
    });
    await post(`/api/refill/drums/${other.drumId}/readings`, cookie2, {
      remainingM: 150,
      readAt: time.clock().toISOString(),
    });
    const mails = (await db.select().from(mailOutbox)).filter((mail) => mail.kind === 'drum_alert');
    expect(mails.map((mail) => [mail.toAddress, mail.locale])).toEqual([
      ['planner@example.com', 'en'],
    ]);
  });

  it('refuses alert settings whose critical threshold is not below the threshold', async () => {
    const { accountId } = await accountWithDrum('set', []);
    const cookie = await signInTo('set@example.com', accountId);
    const response = await server.request('/api/refill/alerts', {
      method: 'PUT',
      headers: { cookie },
      json: { thresholdPct: 10, criticalPct: 10, emailEnabled: true, recipients: ['not-an-email'] },
    });
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { errors: Array<{ field: string }> };
    expect(payload.errors.map((error) => error.field).sort()).toEqual([
      'criticalPct',
      'recipients.0',
    ]);
  });
});

describe('the reads a page preloads', () => {
  // The server names /api/users/me and /api/refill/drums in the HTML, fetched before the SPA runs:
  // such a preload cannot carry the Timezone header, so their answers must not depend on it.
  it('answer the same whatever the Timezone header says', async () => {
    const { accountId } = await accountWithDrum('zone', [
      [30, 1000],
      [2, 400],
    ]);
    const cookie = await signInTo('zone@example.com', accountId);
    for (const path of ['/api/users/me', '/api/refill/drums']) {
      const bodies = await Promise.all(
        [undefined, 'Pacific/Kiritimati', 'America/Adak', 'Europe/Paris'].map(async (zone) => {
          const headers: Record<string, string> = { cookie };
          if (zone) headers.timezone = zone;
          const response = await server.request(path, { headers });
          expect(response.status, `${path} ${zone}`).toBe(200);
          return response.text();
        }),
      );
      expect(new Set(bodies).size, path).toBe(1);
    }
  });
});

describe('GET /api/refill/drums/:id/qgraph', () => {
  it('gives the readings in the range with the thresholds in metres', async () => {
    const { accountId, drumId } = await accountWithDrum('graph', [
      [200, 1000],
      [100, 700],
      [10, 400],
      [0, 300],
    ]);
    const cookie = await signInTo('graph@example.com', accountId);
    const all = (await (await get(`/api/refill/drums/${drumId}/qgraph`, cookie)).json()) as {
      points: Array<{ remainingM: number }>;
      thresholdM: number;
      criticalM: number;
    };
    // Default range: the last 180 days.
    expect(all.points.map((point) => point.remainingM)).toEqual([700, 400, 300]);
    expect([all.thresholdM, all.criticalM]).toEqual([200, 100]);
    const ranged = (await (
      await get(`/api/refill/drums/${drumId}/qgraph?from=2026-11-01&to=2026-11-20`, cookie)
    ).json()) as { points: Array<{ remainingM: number }> };
    expect(ranged.points.map((point) => point.remainingM)).toEqual([400]);
    expect(
      (await get(`/api/refill/drums/${drumId}/qgraph?from=2026-11-20&to=2026-11-01`, cookie))
        .status,
    ).toBe(400);
    expect((await get(`/api/refill/drums/${drumId}/qgraph?from=nope`, cookie)).status).toBe(400);
  });
});

describe('alert recipients outside the account', () => {
  const settingsWith = (recipients: string[]) => ({
    thresholdPct: 20,
    criticalPct: 10,
    emailEnabled: true,
    recipients,
  });
  const putAlerts = (cookie: string, json: unknown) =>
    server.request('/api/refill/alerts', { method: 'PUT', headers: { cookie }, json });
  const mailsOf = async (kind: string) =>
    (await db.select().from(mailOutbox)).filter((mail) => mail.kind === kind);
  const recipientStates = async (cookie: string) =>
    (
      (await (await get('/api/refill/alerts', cookie)).json()) as {
        recipients: Array<{ email: string; status: string }>;
      }
    ).recipients;
  /** Takes the drum below the critical threshold and back up, which raises one alert. */
  const raiseAlert = async (cookie: string, drumId: string) => {
    time.advance(60);
    await post(`/api/refill/drums/${drumId}/readings`, cookie, {
      remainingM: 1000,
      readAt: time.clock().toISOString(),
    });
    time.advance(60);
    const response = await post(`/api/refill/drums/${drumId}/readings`, cookie, {
      remainingM: 50,
      readAt: time.clock().toISOString(),
    });
    expect(response.status).toBe(201);
  };
  const confirm = (token: unknown) =>
    server.request('/api/alerts/recipients/confirm', { json: { token } });

  it('sends an outside recipient one confirmation mail, in the requester’s language, and no alert until confirmed', async () => {
    const { accountId, drumId } = await accountWithDrum('ext', [[1, 800]]);
    const cookie = await signInTo('ext@example.com', accountId);
    await db.update(users).set({ locale: 'en' }).where(eq(users.email, 'ext@example.com'));
    const saved = await putAlerts(
      cookie,
      settingsWith(['ext@example.com', 'outsider@example.org']),
    );
    expect(saved.status).toBe(200);
    const confirmations = await mailsOf('alert_recipient_confirmation');
    expect(confirmations.map((mail) => [mail.toAddress, mail.locale])).toEqual([
      ['outsider@example.org', 'en'],
    ]);
    expect(confirmations[0]?.subject).toBe('Drum alerts of ext: please confirm your address');
    expect(await recipientStates(cookie)).toEqual([
      { email: 'ext@example.com', status: 'member' },
      { email: 'outsider@example.org', status: 'pending' },
    ]);

    await raiseAlert(cookie, drumId);
    expect((await mailsOf('drum_alert')).map((mail) => mail.toAddress)).toEqual([
      'ext@example.com',
    ]);

    // Saving again, or removing and adding the address back, sends no second confirmation.
    await putAlerts(cookie, settingsWith(['ext@example.com']));
    await putAlerts(cookie, settingsWith(['ext@example.com', 'OUTSIDER@example.org']));
    expect(await mailsOf('alert_recipient_confirmation')).toHaveLength(1);

    const token = /\/alerts\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirmations[0]!.text)?.[1];
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'outsider@example.org' });
    expect((await recipientStates(cookie))[1]).toEqual({
      email: 'outsider@example.org',
      status: 'confirmed',
    });
    // The link works once.
    expect((await confirm(token)).status).toBe(400);

    await raiseAlert(cookie, drumId);
    const alerts = (await mailsOf('drum_alert')).slice(1);
    expect(alerts.map((mail) => [mail.toAddress, mail.locale]).sort()).toEqual([
      ['ext@example.com', 'en'],
      ['outsider@example.org', 'en'],
    ]);
  });

  it('lets a confirmation link work for 7 days, then sends a new one when the address is saved again', async () => {
    const { accountId } = await accountWithDrum('late', []);
    const cookie = await signInTo('late@example.com', accountId);
    const tokenOf = (text: string) => /\/alerts\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    await putAlerts(cookie, settingsWith(['slow@example.org']));
    const [first] = await mailsOf('alert_recipient_confirmation');
    time.advance(7 * 24 * 3600 + 1);
    const expired = await confirm(tokenOf(first!.text));
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ message: 'alerts.confirmation_link_expired' });
    expect((await recipientStates(cookie))[0]?.status).toBe('pending');

    await putAlerts(cookie, settingsWith(['slow@example.org']));
    const mails = await mailsOf('alert_recipient_confirmation');
    expect(mails).toHaveLength(2);
    // The first link stays dead; the new one confirms.
    expect((await confirm(tokenOf(first!.text))).status).toBe(400);
    expect((await confirm(tokenOf(mails[1]!.text))).status).toBe(200);
    expect((await recipientStates(cookie))[0]?.status).toBe('confirmed');
    // Once confirmed, saving again sends nothing, however late.
    time.advance(30 * 24 * 3600);
    await putAlerts(cookie, settingsWith(['slow@example.org']));
    expect(await mailsOf('alert_recipient_confirmation')).toHaveLength(2);
  });

  it('treats a user of another account as an outside recipient', async () => {
    const mine = await accountWithDrum('mine2', [[1, 800]]);
    const other = await accountWithDrum('other2', [[1, 800]]);
    const cookie = await signInTo('mine2@example.com', mine.accountId);
    await signInTo('other2@example.com', other.accountId);
    await putAlerts(cookie, settingsWith(['other2@example.com']));
    expect(await recipientStates(cookie)).toEqual([
      { email: 'other2@example.com', status: 'pending' },
    ]);
    await raiseAlert(cookie, mine.drumId);
    expect(await mailsOf('drum_alert')).toEqual([]);
  });

  it('accepts at most 5 outside recipients, users of the account not counted', async () => {
    const { accountId } = await accountWithDrum('five', []);
    const cookie = await signInTo('five@example.com', accountId);
    const outsiders = (count: number) =>
      Array.from({ length: count }, (_, i) => `out${i}@example.org`);
    const refused = await putAlerts(cookie, settingsWith(outsiders(6)));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: 'request.invalid',
      errors: [{ field: 'recipients', errorCode: 'alerts.too_many_external_recipients' }],
    });
    expect(await mailsOf('alert_recipient_confirmation')).toEqual([]);
    const accepted = await putAlerts(cookie, settingsWith(['five@example.com', ...outsiders(5)]));
    expect(accepted.status).toBe(200);
    expect(await mailsOf('alert_recipient_confirmation')).toHaveLength(5);
  });

  it('caps the alert mails an account causes in a day, confirmation mails included', async () => {
    await server.close();
    server = await startTestServer({
      clock: time.clock,
      env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100', ALERT_MAILS_PER_ACCOUNT_PER_DAY: '3' },
    });
    db = server.database.db;
    await runSeedSteps(db, [catalogSeedStep]);
    const { accountId, drumId } = await accountWithDrum('cap', [[1, 800]]);
    const cookie = await signInTo('cap@example.com', accountId);
    for (let i = 0; i < 5; i++) await raiseAlert(cookie, drumId);
    expect(await mailsOf('drum_alert')).toHaveLength(3);
    // The alerts themselves still show in the portal.
    const body = (await (await get('/api/refill/alerts', cookie)).json()) as {
      active: unknown[];
    };
    expect(body.active).toHaveLength(1);
    // A new outside recipient would need a mail the allowance no longer has: refused, not saved.
    const refused = await putAlerts(cookie, settingsWith(['late@example.org']));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'request.rate_limited' });
    expect(await recipientStates(cookie)).toEqual([]);
    // A day later the allowance is back.
    time.advance(24 * 3600 + 1);
    await raiseAlert(cookie, drumId);
    expect(await mailsOf('drum_alert')).toHaveLength(4);
  });

  it('guards the settings (401, 403, 404 without an account) and the confirmation (400)', async () => {
    expect((await server.request('/api/refill/alerts')).status).toBe(401);
    const anonymousPut = await server.request('/api/refill/alerts', {
      method: 'PUT',
      json: settingsWith([]),
    });
    expect(anonymousPut.status).toBe(401);
    const { accountId } = await accountWithDrum('grd', []);
    const noRefill = await signInTo('grd@example.com', accountId, [
      { action: 'get', subject: 'spareparts' },
    ]);
    expect((await putAlerts(noRefill, settingsWith(['x@example.org']))).status).toBe(403);
    const noAccount = await signInTo('loner@example.com', null);
    expect((await putAlerts(noAccount, settingsWith(['x@example.org']))).status).toBe(404);
    expect(await mailsOf('alert_recipient_confirmation')).toEqual([]);

    for (const token of [undefined, 42, 'short', 'x'.repeat(43).replace(/x$/, '!')]) {
      const response = await confirm(token);
      expect(response.status, String(token)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('request.invalid');
    }
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: 'alerts.confirmation_link_invalid' });
  });
});
