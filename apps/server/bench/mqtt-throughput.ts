// Measures MQTT ingestion on PostgreSQL: publishers (a process of their own, mqtt-publisher.mjs)
// send ChirpStack v4 uplink events with QoS 1 to a Mosquitto broker (one device per drum, every DUPLICATE_EVERY-th uplink published
// twice, as a redelivery would be), and the server, subscribed as in production (shared
// subscription, persistent session), records them. The figure is the distinct uplinks recorded
// per second, from the first publish to the last reading committed; every uplink must be recorded
// once, its duplicate not at all.
// Run: npm run bench:mqtt [-- --write]   (prints its section of docs/performance.md, and with
// --write puts it there; BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
// BENCH_MQTT_URL, else a Mosquitto of its own, started on a free port with a queue as deep as
// docs/operations.md asks: with Mosquitto's default of 1,000 queued messages per session, the
// broker drops what publishers send beyond it while the server is behind)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import mqtt from 'mqtt';
import pg from 'pg';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { runSeedSteps } from '../src/db/seed';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  readings,
  sensorDevices,
  sites,
} from '../src/db/schema';
import { catalogSeedStep } from '../src/seed/catalog-seed';
import { freshPostgres, loadAverage } from './bench-support';
import { ownSection, writeOwnSection } from './suite/own-sections';

const DRUMS = 2000;
const PUBLISHERS = 4;
// eslint-disable-next-line no-restricted-properties -- a benchmark knob: a shorter run on demand
const UPLINKS = Number(process.env.BENCH_UPLINKS ?? 100_000);
/** Every 10th uplink is published a second time, with the same deduplication id. */
const DUPLICATE_EVERY = 10;
const APPLICATION_ID = 'bench-application';
const DRUM_LENGTH_M = 1000;

export interface MqttThroughput {
  uplinks: number;
  duplicates: number;
  recorded: number;
  seconds: number;
  readingsPerSecond: number;
}

const devEuiOf = (drum: number) => `70B3D57E${drum.toString(16).toUpperCase().padStart(8, '0')}`;

export async function measureMqttThroughput(
  adminUrl: string,
  brokerUrl: string,
): Promise<MqttThroughput> {
  const fresh = await freshPostgres(adminUrl);
  const run = randomBytes(4).toString('hex');
  const prefix = `bench-${run}`;
  const database = await openDatabase(fresh.url);
  try {
    await applyMigrations(database);
    const db = database.db;
    await runSeedSteps(db, [catalogSeedStep]);
    const [account] = await db.insert(accounts).values({ name: 'Bench Ltd' }).returning();
    const accountId = account!.id;
    const [site] = await db
      .insert(sites)
      .values({ accountId, name: 'Bench site', city: 'Lyon' })
      .returning();
    const [product] = await db.select().from(cableProducts).limit(1);
    const [drumType] = await db.select().from(drumTypes).limit(1);
    for (let start = 0; start < DRUMS; start += 1000) {
      const rows = await db
        .insert(drums)
        .values(
          Array.from({ length: Math.min(1000, DRUMS - start) }, (_, i) => ({
            accountId,
            siteId: site!.id,
            productId: product!.id,
            drumTypeId: drumType!.id,
            serial: `BENCH-${String(start + i).padStart(5, '0')}`,
            initialLengthM: DRUM_LENGTH_M,
            installedOn: '2026-01-01',
          })),
        )
        .returning({ id: drums.id });
      await db.insert(sensorDevices).values(
        rows.map((drum, i) => ({
          accountId,
          devEui: devEuiOf(start + i),
          drumId: drum.id,
          createdAt: new Date(),
        })),
      );
    }

    const settings = loadSettings({
      DATABASE_URL: fresh.url,
      LOG_LEVEL: 'silent',
      MQTT_URL: brokerUrl,
      MQTT_TOPICS: `${prefix}/application/+/device/+/event/up`,
      MQTT_SHARE_GROUP: `bench-${run}`,
      MQTT_CLIENT_ID: `bench-server-${run}`,
      MQTT_APPLICATIONS: `${APPLICATION_ID}=${accountId}`,
    });
    const app = await buildApp({ settings, database, startMailWorker: false });
    await app.ready();
    await app.mqttIngestion!.ready;

    // Uplink n: drum n mod DRUMS, a minute after the drum's previous one, from six hours back
    // (every uplink stays in the past), falling slowly: no alert (mqtt-publisher.mjs).
    const publisher = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('./mqtt-publisher.mjs', import.meta.url)),
        JSON.stringify({
          brokerUrl,
          prefix,
          applicationId: APPLICATION_ID,
          drums: DRUMS,
          uplinks: UPLINKS,
          publishers: PUBLISHERS,
          duplicateEvery: DUPLICATE_EVERY,
          firstAt: Date.now() - 6 * 3600_000,
          run,
        }),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: publisher.stdout })[Symbol.asyncIterator]();
    if ((await lines.next()).value !== 'ready') throw new Error('the publisher did not start');
    const [before] = await db.select({ n: count() }).from(readings);
    const started = performance.now();
    publisher.stdin.write('go\n');
    const { duplicates } = JSON.parse(String((await lines.next()).value)) as {
      duplicates: number;
    };
    let recorded = 0;
    for (;;) {
      const [row] = await db
        .select({ n: count() })
        .from(readings)
        .where(eq(readings.source, 'sensor'));
      recorded = Number(row?.n) - Number(before?.n);
      if (recorded >= UPLINKS) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    // Duplicates still on their way would show now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [after] = await db
      .select({ n: count() })
      .from(readings)
      .where(eq(readings.source, 'sensor'));
    recorded = Number(after?.n) - Number(before?.n);
    await app.close();
    if (recorded !== UPLINKS) throw new Error(`${recorded} readings for ${UPLINKS} uplinks`);
    return {
      uplinks: UPLINKS,
      duplicates,
      recorded,
      seconds,
      readingsPerSecond: UPLINKS / seconds,
    };
  } finally {
    await database.close().catch(() => undefined);
    await fresh.drop().catch(() => undefined);
  }
}

function renderSection(result: MqttThroughput, postgres: string, mosquitto: string): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return ownSection('mqtt-throughput', 'npm run bench:mqtt -- --write', [
    '## 11. Machines: readings through MQTT',
    '',
    `Written by \`npm run bench:mqtt -- --write\` (apps/server/bench/mqtt-throughput.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${postgres} and ${mosquitto} on this machine; load average before the run ${loadBefore}. ${PUBLISHERS} publishers send ${result.uplinks.toLocaleString('en')} ChirpStack v4 uplink events with QoS 1 (one device per drum, ${DRUMS.toLocaleString('en')} drums; every ${DUPLICATE_EVERY}th uplink published twice with the same deduplication id: ${result.duplicates.toLocaleString('en')} duplicates); one server process (in the benchmark's process) takes them through its shared subscription on a persistent session and records them in batches, acknowledging each after its batch committed. Time runs from the first publish to the last reading committed.`,
    '',
    line(['what', 'figure', 'target', '']),
    line(['---', '---', '---', '---']),
    line([
      'distinct uplinks recorded per second',
      String(Math.round(result.readingsPerSecond)),
      '10,000',
      result.readingsPerSecond >= 10_000 ? 'ok' : '**below**',
    ]),
    line([
      'readings recorded / distinct uplinks (duplicates counted once)',
      `${result.recorded.toLocaleString('en')} / ${result.uplinks.toLocaleString('en')}`,
      'equal',
      result.recorded === result.uplinks ? 'ok' : '**wrong**',
    ]),
    line(['time', `${result.seconds.toFixed(1)} s`, '', '']),
  ]);
}

/** A Mosquitto of the benchmark's own, on a free loopback port; stopped by `stop()`. */
async function startMosquitto(): Promise<{ url: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-mosquitto-'));
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    `listener ${port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 1000000\n`,
  );
  const broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await (await mqtt.connectAsync(url, { reconnectPeriod: 0 })).endAsync();
      break;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: () => {
      broker.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const loadBefore = loadAverage();

if (import.meta.url === `file://${process.argv[1]}`) {
  // eslint-disable-next-line no-restricted-properties -- a benchmark script picks its database here
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // eslint-disable-next-line no-restricted-properties -- and its broker
  const givenBroker = process.env.BENCH_MQTT_URL;
  const ownBroker = givenBroker ? undefined : await startMosquitto();
  const brokerUrl = givenBroker ?? ownBroker!.url;
  let result: MqttThroughput;
  let brokerVersion = 'an MQTT broker';
  try {
    result = await measureMqttThroughput(adminUrl, brokerUrl);
    const probe = await mqtt.connectAsync(brokerUrl, { protocolVersion: 5 });
    brokerVersion = await new Promise<string>((resolve) => {
      probe.on('message', (_topic, payload) => resolve(payload.toString()));
      void probe.subscribeAsync('$SYS/broker/version');
      setTimeout(() => resolve(brokerVersion), 2000).unref();
    });
    await probe.endAsync();
  } finally {
    ownBroker?.stop();
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const version = (
    (await client.query('show server_version')).rows[0] as { server_version: string }
  ).server_version;
  await client.end();
  const section = renderSection(result, `PostgreSQL ${version.split(' ')[0]}`, brokerVersion);
  console.log(section);
  if (process.argv.includes('--write')) {
    await writeOwnSection('mqtt-throughput', section);
    console.log('written docs/performance.md');
  }
}
