// Measures the machines' batch endpoint on PostgreSQL: workers send POST /api/v1/readings with
// 1,000 readings a call (one per drum, each worker its own 1,000 drums, an Idempotency-Key per
// call) for a fixed time, over real HTTP with a bearer key. Some drums fall below the alert
// threshold during the run: their alerts must be raised once each and their mails sent once
// each (the mail worker runs at the end with a counting transport).
// Run: npm run bench:readings [-- --write]   (prints its section of docs/performance.md, and
// with --write puts it there; BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { runSeedSteps } from '../src/db/seed';
import {
  accounts,
  alerts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  readings,
  sites,
  users,
} from '../src/db/schema';
import type { MailTransport } from '../src/mail/transports';
import { catalogSeedStep } from '../src/seed/catalog-seed';
import { createApiKey } from '../src/services/integration/api-keys';
import { freshPostgres, percentile } from './bench-support';
import { ownSection, writeOwnSection } from './suite/own-sections';

const READINGS_PER_CALL = 1000;
const WORKERS = 4;
const WARM_UP_CALLS = 3;
// eslint-disable-next-line no-restricted-properties -- a benchmark knob: a shorter run on demand
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 20) * 1000;
const DRUM_LENGTH_M = 1000;
/** Every 40th drum falls under the 20 % threshold during the run; the others stay above it. */
const FALLING_EVERY = 40;

export interface ReadingsThroughput {
  calls: number;
  readings: number;
  seconds: number;
  readingsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Active alerts at the end, and how many of them are critical. */
  alerts: number;
  criticalAlerts: number;
  fallingDrums: number;
  alertMailsSent: number;
}

export async function measureReadingsThroughput(adminUrl: string): Promise<ReadingsThroughput> {
  const fresh = await freshPostgres(adminUrl);
  const port = 4100 + Math.floor(Math.random() * 300);
  const settings = loadSettings({
    PORT: String(port),
    DATABASE_URL: fresh.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
    ALERT_MAILS_PER_ACCOUNT_PER_DAY: '100000',
  });
  const database = await openDatabase(settings.databaseUrl);
  const sent: string[] = [];
  const transport: MailTransport = {
    send: async (mail) => {
      sent.push(mail.to);
      return { messageId: randomUUID() };
    },
    close: () => undefined,
  };
  try {
    await applyMigrations(database);
    const db = database.db;
    await runSeedSteps(db, [catalogSeedStep]);
    const [account] = await db.insert(accounts).values({ name: 'Bench Ltd' }).returning();
    const accountId = account!.id;
    await db.insert(users).values({ email: 'bench-admin@example.com', accountId, locale: 'en' });
    const [site] = await db
      .insert(sites)
      .values({ accountId, name: 'Bench site', city: 'Lyon' })
      .returning();
    const [product] = await db.select().from(cableProducts).limit(1);
    const [drumType] = await db.select().from(drumTypes).limit(1);
    const drumCount = WORKERS * READINGS_PER_CALL;
    for (let start = 0; start < drumCount; start += 1000) {
      await db.insert(drums).values(
        Array.from({ length: Math.min(1000, drumCount - start) }, (_, i) => ({
          accountId,
          siteId: site!.id,
          productId: product!.id,
          drumTypeId: drumType!.id,
          serial: `BENCH-${String(start + i).padStart(5, '0')}`,
          initialLengthM: DRUM_LENGTH_M,
          installedOn: '2026-01-01',
        })),
      );
    }
    const { key } = await createApiKey(db, {
      accountId,
      name: 'Bench gateway',
      scopes: ['readings:write'],
      actor: { userId: null, label: 'bench' },
      now: new Date(),
    });

    const app = await buildApp({
      settings,
      database,
      startMailWorker: true,
      mailTransport: transport,
    });
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;

    // Call n of a worker: one reading per drum, a minute later than call n-1. A falling drum
    // loses 75 m a call: under the 20 % threshold at call 10 (one alert, one mail), under the
    // 10 % critical one at call 11 (upgraded, one more mail), then stays there (nothing more).
    // The others lose 0.01 m a call.
    // Six hours back: every call stays in the past, and no sensor has been silent long enough
    // for the silent-sensor sweep to mail about it.
    const firstAt = Date.now() - 6 * 3600_000;
    const bodyOf = (worker: number, n: number) =>
      JSON.stringify({
        readings: Array.from({ length: READINGS_PER_CALL }, (_, i) => {
          const drum = worker * READINGS_PER_CALL + i;
          const falling = drum % FALLING_EVERY === 0;
          return {
            drumSerial: `BENCH-${String(drum).padStart(5, '0')}`,
            remainingLength: Math.max(0, 900 - n * (falling ? 75 : 0.01)),
            measuredAt: new Date(firstAt + n * 60_000).toISOString(),
            battery: 90,
            signal: -100,
          };
        }),
      });
    const send = async (body: string) => {
      const response = await fetch(`${base}/api/v1/readings`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body,
      });
      const answer = (await response.json()) as { accepted?: number };
      if (response.status !== 200 || answer.accepted !== READINGS_PER_CALL) {
        throw new Error(
          `a batch answered ${response.status} ${JSON.stringify(answer).slice(0, 200)}`,
        );
      }
    };

    const times: number[] = [];
    const calls = Array<number>(WORKERS).fill(0);
    for (let worker = 0; worker < WORKERS; worker++) {
      for (let i = 0; i < WARM_UP_CALLS; i++) await send(bodyOf(worker, calls[worker]!++));
    }
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        // The next body is built while the server works on this one.
        let next = bodyOf(worker, calls[worker]!++);
        while (performance.now() - started < DURATION_MS) {
          const body = next;
          const start = performance.now();
          const pending = send(body);
          next = bodyOf(worker, calls[worker]!++);
          await pending;
          times.push(performance.now() - start);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await app.mailWorker.runOnce();
    while ((await app.mailWorker.runOnce()) > 0);
    const [raised] = await db
      .select({
        n: count(),
        critical: sql<number>`count(*) filter (where ${alerts.level} = 'critical')`,
      })
      .from(alerts)
      .where(eq(alerts.accountId, accountId));
    const fallingDrums = Math.ceil(drumCount / FALLING_EVERY);
    const [stored] = await db.select({ n: count() }).from(readings);
    const [queued] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} = 'drum_alert'`);
    await app.close();
    times.sort((a, b) => a - b);
    if (Number(queued?.n) !== sent.length) throw new Error('queued and sent alert mails differ');
    return {
      calls: times.length,
      readings: Number(stored?.n),
      seconds,
      readingsPerSecond: (times.length * READINGS_PER_CALL) / seconds,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      alerts: Number(raised?.n),
      criticalAlerts: Number(raised?.critical),
      fallingDrums,
      alertMailsSent: sent.length,
    };
  } finally {
    await fresh.drop().catch(() => undefined);
  }
}

function renderSection(result: ReadingsThroughput, postgres: string): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return ownSection('readings-throughput', 'npm run bench:readings -- --write', [
    '## 6. Machines: readings through the batch endpoint',
    '',
    `Written by \`npm run bench:readings -- --write\` (apps/server/bench/readings-throughput.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${postgres}; load average before the run ${loadBefore}. ${WORKERS} workers each send POST /api/v1/readings with ${READINGS_PER_CALL} readings a call (one per drum of their own ${READINGS_PER_CALL}, an Idempotency-Key each, a bearer key) for ${DURATION_MS / 1000} s after ${WARM_UP_CALLS} warm-up calls each, over HTTP to one server process (in the benchmark's process) with its mail worker running. Every ${FALLING_EVERY}th drum falls under the alert threshold, then the critical one: each must raise one alert and send one mail per step (the mail worker's transport counts them).`,
    '',
    line(['what', 'figure', 'target', '']),
    line(['---', '---', '---', '---']),
    line([
      'readings accepted per second',
      String(Math.round(result.readingsPerSecond)),
      '10,000',
      result.readingsPerSecond >= 10_000 ? 'ok' : '**below**',
    ]),
    line([
      'p50 / p95 / p99 per call of 1,000',
      `${result.p50.toFixed(0)} / ${result.p95.toFixed(0)} / ${result.p99.toFixed(0)} ms`,
      '',
      '',
    ]),
    line(['calls measured', `${result.calls} in ${result.seconds.toFixed(1)} s`, '', '']),
    line([
      'drums that fell / active alerts (critical) / alert mails sent',
      `${result.fallingDrums} / ${result.alerts} (${result.criticalAlerts}) / ${result.alertMailsSent}`,
      `${result.fallingDrums} / ${result.fallingDrums} (${result.fallingDrums}) / ${2 * result.fallingDrums}`,
      result.alerts === result.fallingDrums && result.alertMailsSent === 2 * result.fallingDrums
        ? 'ok'
        : '**wrong**',
    ]),
  ]);
}

const loadBefore = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');

if (import.meta.url === `file://${process.argv[1]}`) {
  // eslint-disable-next-line no-restricted-properties -- a benchmark script picks its database here
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const result = await measureReadingsThroughput(adminUrl);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const version = (
    (await client.query('show server_version')).rows[0] as { server_version: string }
  ).server_version;
  await client.end();
  const section = renderSection(result, `PostgreSQL ${version.split(' ')[0]}`);
  console.log(section);
  if (process.argv.includes('--write')) {
    await writeOwnSection('readings-throughput', section);
    console.log('written docs/performance.md');
  }
}
