import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accounts,
  alerts,
  cableProducts,
  drumTypes,
  drums,
  readings,
  seedRuns,
  sites,
} from '../db/schema';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import type { SeedStep } from '../db/seed';
import { alertLevel } from '../services/refill/drum-figures';

const DAY_MS = 24 * 3600 * 1000;

/** Deterministic pseudo-random numbers (mulberry32): the same demo data on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo drums read by a sensor, by position: since when, and how long it has been silent. */
const demoSensors: Partial<
  Record<number, { fittedDaysAgo: number; silentDays: number; batteryNow: number }>
> = {
  0: { fittedDaysAgo: 60, silentDays: 0, batteryNow: 64 },
  1: { fittedDaysAgo: 90, silentDays: 3, batteryNow: 11 },
};

/** A demo sensor's battery (draining from 98 % since it was fitted) and signal on `day`. */
function sensorHealth(
  sensor: { fittedDaysAgo: number; silentDays: number; batteryNow: number },
  day: number,
) {
  const used = (sensor.fittedDaysAgo - day) / (sensor.fittedDaysAgo - sensor.silentDays);
  return {
    batteryPct: Math.round(98 - used * (98 - sensor.batteryNow)),
    signalDbm: -88 - ((day * 7) % 23),
  };
}

const demoSites = [
  { name: 'Chantier Lyon Part-Dieu', city: 'Lyon' },
  { name: 'Dépôt Nantes Cheviré', city: 'Nantes' },
  { name: 'Parc éolien Fécamp', city: 'Fécamp' },
];

/**
 * "Demo Industries": 3 sites and 40 drums with 180 days of readings every other day,
 * each drum used at its own pace, so the overview shows full, low, critical and idle drums. Two
 * drums have sensors besides, one of them silent.
 */
export function demoAccountSeedStep(drumCount = 40, now: () => Date = () => new Date()): SeedStep {
  return {
    name: 'demo-account-v1',
    async run(db: Database) {
      const random = seededRandom(20_261_122);
      const today = now().getTime();
      await db.insert(accounts).values({ id: DEMO_ACCOUNT_ID, name: 'Demo Industries' });
      const siteRows = await db
        .insert(sites)
        .values(demoSites.map((site) => ({ ...site, accountId: DEMO_ACCOUNT_ID })))
        .returning({ id: sites.id });
      const products = await db
        .select({ id: cableProducts.id })
        .from(cableProducts)
        .orderBy(asc(cableProducts.reference));
      const types = await db
        .select({ id: drumTypes.id })
        .from(drumTypes)
        .orderBy(asc(drumTypes.code));
      if (products.length === 0 || types.length === 0)
        throw new Error('the catalogue must be seeded before the demo account');

      const newDrums: Array<typeof drums.$inferInsert> = [];
      // A drum's readings and alert, by its serial until the drums are inserted and have ids.
      const newReadings: Array<Omit<typeof readings.$inferInsert, 'drumId'> & { serial: string }> =
        [];
      const newAlerts: Array<Omit<typeof alerts.$inferInsert, 'drumId'> & { serial: string }> = [];
      for (let index = 0; index < drumCount; index++) {
        const initialLengthM = 500 + Math.round(random() * 25) * 100;
        const installedDaysAgo = 180 - Math.floor(random() * 60);
        // Most drums run at 0.1–0.6 % of their length a day, so a few are low or critical after
        // months of use; one in eight sits idle.
        const dailyUse = random() < 0.125 ? 0 : initialLengthM * (0.001 + random() * 0.005);
        const serial = `TR-${String(2400 + index * 7).padStart(5, '0')}`;
        newDrums.push({
          accountId: DEMO_ACCOUNT_ID,
          siteId: siteRows[index % siteRows.length]!.id,
          productId: products[Math.floor(random() * products.length)]!.id,
          drumTypeId: types[Math.floor(random() * types.length)]!.id,
          serial,
          initialLengthM,
          installedOn: new Date(today - installedDaysAgo * DAY_MS).toISOString().slice(0, 10),
        });
        let remaining = initialLengthM;
        // The alert dates from the reading that first crossed its threshold, as a recorded
        // reading raises it, not from the day the demo was seeded.
        let crossedAt: Date | null = null;
        let previousLevel: ReturnType<typeof alertLevel> = null;
        // People read most drums. The first drum got a sensor 60 days ago that still reports;
        // the second's sensor, fitted 90 days ago, fell silent three days ago, its battery low.
        const sensor = demoSensors[index];
        for (let day = installedDaysAgo; day >= 0; day -= 2) {
          remaining = Math.max(0, remaining - dailyUse * 2 * (0.6 + random() * 0.8));
          const readAt = new Date(today - day * DAY_MS - Math.floor(random() * 8) * 3600 * 1000);
          if (sensor && day < sensor.silentDays) continue;
          const bySensor = sensor !== undefined && day <= sensor.fittedDaysAgo;
          newReadings.push({
            serial,
            readAt,
            remainingM: Math.round(remaining),
            source: bySensor ? 'sensor' : 'manual',
            ...(bySensor && sensorHealth(sensor, day)),
          });
          const readingLevel = alertLevel((Math.round(remaining) / initialLengthM) * 100, 20, 10);
          if (readingLevel !== previousLevel) crossedAt = readingLevel ? readAt : null;
          previousLevel = readingLevel;
        }
        if (sensor && sensor.silentDays === 0) {
          // A live sensor has just reported.
          newReadings.push({
            serial,
            readAt: new Date(today - 3600 * 1000),
            remainingM: Math.round(remaining),
            source: 'sensor',
            ...sensorHealth(sensor, 0),
          });
        }
        // The alert follows the drum's last recorded reading (a silent sensor's is days old).
        const lastRecordedM = newReadings.at(-1)?.remainingM ?? Math.round(remaining);
        const level = alertLevel((lastRecordedM / initialLengthM) * 100, 20, 10);
        if (level)
          newAlerts.push({
            serial,
            accountId: DEMO_ACCOUNT_ID,
            level,
            raisedAt: crossedAt ?? new Date(today),
          });
      }
      const drumIds = new Map(
        (
          await db.insert(drums).values(newDrums).returning({ id: drums.id, serial: drums.serial })
        ).map((drum) => [drum.serial, drum.id]),
      );
      const drumId = (serial: string) => drumIds.get(serial)!;
      const readingRows = newReadings.map(({ serial, ...reading }) => ({
        ...reading,
        drumId: drumId(serial),
      }));
      for (let start = 0; start < readingRows.length; start += 500) {
        await db.insert(readings).values(readingRows.slice(start, start + 500));
      }
      if (newAlerts.length) {
        await db
          .insert(alerts)
          .values(newAlerts.map(({ serial, ...alert }) => ({ ...alert, drumId: drumId(serial) })));
      }
    },
  };
}

/**
 * Recorded in `seed_runs` by the build's database template, at the time its demo account was
 * dated from (the build's own `now`).
 */
export const DEMO_ACCOUNT_FROM_BUILD = 'demo-account-from-build';

/**
 * On a database made from the build's template, moves the demo account's dates from the build
 * to now, as if `demoAccountSeedStep` had run at this first start: its times by the time
 * since the build, its days by the days since. A database whose demo account was seeded on it
 * has none to move (nor has one seeded before the template held the demo account, whose
 * readings since are its users').
 */
export function demoAccountTodayStep(now: () => Date = () => new Date()): SeedStep {
  return {
    name: 'demo-account-today-v1',
    async run(db: Database) {
      const [build] = await db
        .select({ at: seedRuns.ranAt })
        .from(seedRuns)
        .where(eq(seedRuns.name, DEMO_ACCOUNT_FROM_BUILD));
      if (!build) return;
      const at = now().getTime();
      const shiftMs = at - build.at.getTime();
      const shiftDays = Math.floor(at / DAY_MS) - Math.floor(build.at.getTime() / DAY_MS);
      const by = sql`${shiftMs} * interval '1 millisecond'`;
      await db
        .update(accounts)
        .set({ createdAt: sql`${accounts.createdAt} + ${by}` })
        .where(eq(accounts.id, DEMO_ACCOUNT_ID));
      await db
        .update(drums)
        .set({ installedOn: sql`${drums.installedOn} + ${shiftDays}::int` })
        .where(eq(drums.accountId, DEMO_ACCOUNT_ID));
      await db
        .update(readings)
        .set({ readAt: sql`${readings.readAt} + ${by}` })
        .where(
          inArray(
            readings.drumId,
            db.select({ id: drums.id }).from(drums).where(eq(drums.accountId, DEMO_ACCOUNT_ID)),
          ),
        );
      await db
        .update(alerts)
        .set({ raisedAt: sql`${alerts.raisedAt} + ${by}` })
        .where(eq(alerts.accountId, DEMO_ACCOUNT_ID));
    },
  };
}
