import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DrumListResponse, NotificationList, QuantityGraph } from '@portal/contract';
import type { Database } from '../../db/client';
import { alertSettings, drums, mailOutbox, notifications, readings, users } from '../../db/schema';
import { alertSilentSensors } from '../../services/refill/alert-silent-sensors';
import { loadTranslations } from '../../services/translations';
import { createFakeClock } from '../../../test/clock';
import { createCustomer, type Customer } from '../../../test/reliability/fixtures';
import { startTestServer, type TestServer } from '../../../test/test-server';

/**
 * Manual and sensor readings in one timeline, the drums' freshness, and the silent-sensor sweep:
 * a drum whose sensor has said nothing for SENSOR_STALE_AFTER_HOURS is told once per silence.
 */

const HOUR = 3600;
let server: TestServer;
let time: ReturnType<typeof createFakeClock>;
let db: Database;
let me: Customer;

beforeEach(async () => {
  // createCustomer gives each of its two drums one sensor reading at 2026-11-20T08:00Z.
  time = createFakeClock(new Date('2026-11-20T10:00:00Z'));
  server = await startTestServer({
    clock: time.clock,
    env: { RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100', SENSOR_STALE_AFTER_HOURS: '6' },
  });
  db = server.database.db;
  me = await createCustomer(server, 'fresh');
});
afterEach(() => server.close());

const translations = loadTranslations();
const deps = () => ({ settings: server.settings, translations });

async function drumList(cookie = me.cookie): Promise<DrumListResponse> {
  const response = await server.request('/api/refill/drums', { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as DrumListResponse;
}

const silenceMails = () =>
  db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'sensor_silent'));

async function sensorReading(drumId: string, hoursAgo: number, extra = {}) {
  await db.insert(readings).values({
    drumId,
    readAt: new Date(time.clock().getTime() - hoursAgo * HOUR * 1000),
    remainingM: 790,
    source: 'sensor',
    ...extra,
  });
}

describe('drum freshness', () => {
  it('lists the latest reading, its source and the sensor with battery, signal and staleness', async () => {
    const [live, silent] = me.drumIds as [string, string];
    await sensorReading(live, 1, { batteryPct: 12, signalDbm: -101 });
    await db.insert(readings).values({
      drumId: silent,
      readAt: new Date('2026-11-20T09:30:00Z'),
      remainingM: 780,
      source: 'manual',
    });
    time.advance(2 * HOUR);
    const { drums: list } = await drumList();
    const byId = new Map(list.map((drum) => [drum.id, drum]));
    expect(byId.get(live)).toMatchObject({
      lastReadingAt: '2026-11-20T09:00:00.000Z',
      lastReadingSource: 'sensor',
      sensor: {
        lastReadingAt: '2026-11-20T09:00:00.000Z',
        battery: 12,
        signal: -101,
        isStale: false,
      },
    });
    // A person read the other drum after its sensor: the sensor's own freshness is still shown.
    expect(byId.get(silent)).toMatchObject({
      lastReadingAt: '2026-11-20T09:30:00.000Z',
      lastReadingSource: 'manual',
      sensor: { lastReadingAt: '2026-11-20T08:00:00.000Z', battery: null, isStale: false },
    });
    // Six hours after its last sensor reading (the setting), a sensor is stale.
    time.advance(3 * HOUR);
    const later = new Map((await drumList()).drums.map((drum) => [drum.id, drum]));
    expect(later.get(live)?.sensor?.isStale).toBe(false);
    expect(later.get(silent)?.sensor?.isStale).toBe(true);
  });

  it('has no sensor for a drum only people read', async () => {
    const [drumId] = me.drumIds as [string];
    await db.update(readings).set({ source: 'manual' }).where(eq(readings.drumId, drumId));
    const drum = (await drumList()).drums.find((entry) => entry.id === drumId);
    expect(drum).toMatchObject({ lastReadingSource: 'manual', sensor: null });
  });

  it('draws manual and sensor readings in one timeline, each with its source', async () => {
    const [drumId] = me.drumIds as [string];
    await sensorReading(drumId, 1, { batteryPct: 55, signalDbm: -90 });
    const manual = await server.request(`/api/refill/drums/${drumId}/readings`, {
      headers: { cookie: me.cookie },
      json: { remainingM: 760, readAt: '2026-11-20T09:30:00Z' },
    });
    expect(manual.status).toBe(201);
    const response = await server.request(`/api/refill/drums/${drumId}/qgraph`, {
      headers: { cookie: me.cookie },
    });
    expect(response.status).toBe(200);
    const graph = (await response.json()) as QuantityGraph;
    expect(graph.points).toEqual([
      {
        at: '2026-11-20T08:00:00.000Z',
        remainingM: 800,
        source: 'sensor',
        battery: null,
        signal: null,
      },
      {
        at: '2026-11-20T09:00:00.000Z',
        remainingM: 790,
        source: 'sensor',
        battery: 55,
        signal: -90,
      },
      {
        at: '2026-11-20T09:30:00.000Z',
        remainingM: 760,
        source: 'manual',
        battery: null,
        signal: null,
      },
    ]);
  });

  it('answers 400 for a malformed drum id, never 500', async () => {
    const response = await server.request('/api/refill/drums/not-a-uuid/qgraph', {
      headers: { cookie: me.cookie },
    });
    expect(response.status).toBe(400);
  });
});

describe('the silent-sensor sweep', () => {
  it('tells the account once per silence, and again after a reading ended it', async () => {
    const [silent, live] = me.drumIds as [string, string];
    await db.update(users).set({ locale: 'en' }).where(eq(users.id, me.userId));
    time.advance(3 * HOUR);
    await sensorReading(live, 0);
    // 5 h after its last reading the first drum is not silent yet.
    expect(await alertSilentSensors(db, deps(), time.clock())).toBe(0);
    time.advance(2 * HOUR);
    expect(await alertSilentSensors(db, deps(), time.clock())).toBe(1);
    expect(await silenceMails()).toEqual([
      {
        to: me.email,
        subject: 'Drum fresh-1: sensor silent',
        text: expect.stringContaining('has sent no reading since 20 Nov 2026, 08:00 (UTC)'),
      },
    ]);
    const bell = await server.request('/api/notifications', { headers: { cookie: me.cookie } });
    const { notifications: entries } = (await bell.json()) as NotificationList;
    expect(entries).toEqual([
      expect.objectContaining({
        itemId: silent,
        kind: 'drum',
        reference: 'fresh-1',
        action: 'sensor_silent',
        read: false,
      }),
    ]);

    // The same silence, later, and on two instances at once: nothing more.
    time.advance(10 * HOUR);
    const twice = await Promise.all([
      alertSilentSensors(db, deps(), time.clock()),
      alertSilentSensors(db, deps(), time.clock()),
    ]);
    // The live drum fell silent meanwhile: told once between the two sweeps.
    expect(twice.sort()).toEqual([0, 1]);
    expect(await alertSilentSensors(db, deps(), time.clock())).toBe(0);
    expect((await silenceMails()).map((mail) => mail.subject)).toEqual([
      'Drum fresh-1: sensor silent',
      'Drum fresh-2: sensor silent',
    ]);

    // A reading ends the silence; the next one is told again.
    await sensorReading(silent, 0);
    expect(await alertSilentSensors(db, deps(), time.clock())).toBe(0);
    expect((await drumList()).drums.find((drum) => drum.id === silent)?.sensor?.isStale).toBe(
      false,
    );
    time.advance(7 * HOUR);
    expect(await alertSilentSensors(db, deps(), time.clock())).toBe(1);
    expect(await silenceMails()).toHaveLength(3);
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.userId), eq(notifications.drumId, silent)));
    expect(rows).toHaveLength(2);
  });

  it('ignores drums people read, and mails nobody when alert mails are off', async () => {
    const [manualOnly, sensorFed] = me.drumIds as [string, string];
    await db.update(readings).set({ source: 'manual' }).where(eq(readings.drumId, manualOnly));
    await db
      .insert(alertSettings)
      .values({ accountId: me.accountId, emailEnabled: false })
      .onConflictDoUpdate({ target: alertSettings.accountId, set: { emailEnabled: false } });
    time.advance(48 * HOUR);
    expect(await alertSilentSensors(db, deps(), time.clock())).toBe(1);
    expect(await silenceMails()).toEqual([]);
    const [told] = await db
      .select({ at: drums.staleAlertedAt })
      .from(drums)
      .where(eq(drums.id, sensorFed));
    expect(told?.at).toEqual(time.clock());
    const [untold] = await db
      .select({ at: drums.staleAlertedAt })
      .from(drums)
      .where(eq(drums.id, manualOnly));
    expect(untold?.at).toBeNull();
  });
});
