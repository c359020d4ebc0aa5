// `npm run bench:scale`: the built server (`npm run build` first) on PostgreSQL behind Debian's
// nginx (e2e/support/nginx.ts, as docs/operations.md configures it).
//  1. Throughput of GET /api/refill/drums (the demo account's drum overview, signed in) through
//     nginx with 1, 2 and 3 instances: autocannon, 20 connections, `--seconds` each.
//  2. Rolling restart under the same load: each of 3 instances in turn gets SIGTERM (2 s of
//     draining), is started again and waits healthy; requests sent, failed, p99.
//  3. Data growth, in a database of its own: `--drums` drums with a sensor reading every 15
//     minutes for `--days` days (400 and 365: about 14 million rows), written by generate_series
//     straight into PostgreSQL; then the drum overview and one drum's chart, 30 calls each: the
//     first (cold) and p95, with the plan of the chart's query.
// Flags: --seconds 20 --instances 1,2,3 --drums 400 --days 365 --skip-growth --skip-scaling.
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (throwaway
// databases it creates and drops).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { workspacePath } from '../src/config/paths';
// eslint-disable-next-line no-restricted-imports -- the bench measures the very nginx set-up the browser suite starts
import { freePort, startNginx } from '../../../e2e/support/nginx';
import { freshPostgres, loadAverage, percentile, signInNewUser } from './bench-support';

// eslint-disable-next-line no-restricted-properties -- a bench reads its own knobs
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const flag = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};
const SECONDS = Number(flag('seconds', '20'));
const INSTANCES = flag('instances', '1,2,3').split(',').map(Number);
const DRUMS = Number(flag('drums', '400'));
const DAYS = Number(flag('days', '365'));
const skip = (name: string) => process.argv.includes(`--skip-${name}`);

interface Instance {
  port: number;
  child: ChildProcess;
}

async function healthy(port: number, child: ChildProcess, timeoutMs = 600_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited while starting`);
    // A start under load can accept a connection long before it answers: never wait on one.
    const status = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(5_000),
    })
      .then((answer) => answer.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() - started > timeoutMs) throw new Error(`instance on ${port} not healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function startInstance(port: number, databaseUrl: string, publicUrl: string, dataDir: string) {
  return spawn(process.execPath, [workspacePath('apps/server/dist/server.js')], {
    env: {
      PATH: env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_SECONDS: '2',
      RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(url: string, cookie: string, seconds: number) {
  const result = await autocannon({
    url: `${url}/api/refill/drums`,
    connections: 20,
    duration: seconds,
    headers: { cookie },
  });
  return {
    rate: result.requests.average,
    sent: result.requests.total,
    failed: result.errors + result.timeouts + result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Instances on a fresh database, one after the other (the first migrates and seeds). */
async function startInstances(count: number, databaseUrl: string, publicUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const instances: Instance[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const port = await freePort();
      instances.push({ port, child: startInstance(port, databaseUrl, publicUrl, dataDir) });
      await healthy(port, instances.at(-1)!.child);
    }
  } catch (error) {
    // No instance outlives a failed start.
    await Promise.all(instances.map((instance) => stop(instance.child)));
    throw error;
  }
  return {
    instances,
    dataDir,
    async stopAll() {
      await Promise.all(instances.map((instance) => stop(instance.child)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function scaling(): Promise<void> {
  const database = await freshPostgres(adminUrl);
  const balancerPort = await freePort();
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const { instances, dataDir, stopAll } = await startInstances(
    Math.max(...INSTANCES, 3),
    database.url,
    publicUrl,
  );
  try {
    const cookie = await signInNewUser(`http://127.0.0.1:${instances[0]!.port}`, publicUrl);
    for (const count of INSTANCES) {
      const balancer = await startNginx(
        instances.slice(0, count).map((instance) => instance.port),
        balancerPort,
      );
      await load(balancer.url, cookie, Math.min(3, SECONDS));
      const result = await load(balancer.url, cookie, SECONDS);
      console.log(
        `GET /api/refill/drums through nginx, ${count} instance(s): ${result.rate.toFixed(0)} req/s, ` +
          `p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.failed} failed of ${result.sent}`,
      );
      await balancer.stop();
    }

    const balancer = await startNginx(
      instances.slice(0, 3).map((instance) => instance.port),
      balancerPort,
    );
    const measured = load(balancer.url, cookie, SECONDS + 60);
    const rolled = (async () => {
      for (const instance of instances.slice(0, 3)) {
        await stop(instance.child);
        instance.child = startInstance(instance.port, database.url, publicUrl, dataDir);
        await healthy(instance.port, instance.child);
      }
    })();
    const [result] = await Promise.all([measured, rolled]);
    console.log(
      `rolling restart of 3 instances under load: ${result.sent} requests sent, ${result.failed} failed, ` +
        `p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
    await balancer.stop();
  } finally {
    await stopAll();
    await database.drop();
  }
}

async function growth(): Promise<void> {
  const database = await freshPostgres(adminUrl);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const child = startInstance(port, database.url, publicUrl, dataDir);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await healthy(port, child);
    const cookie = await signInNewUser(publicUrl, publicUrl);
    await client.connect();
    const [account] = (
      await client.query<{ id: string }>(
        `select account_id as id from users where account_id is not null
         order by created_at desc limit 1`,
      )
    ).rows;
    const perDrum = DAYS * 96;
    let started = performance.now();
    await client.query(
      `insert into drums (account_id, site_id, product_id, drum_type_id, serial, initial_length_m, installed_on)
       select $1, (select id from sites where account_id = $1 limit 1),
         (select id from cable_products limit 1), (select id from drum_types limit 1),
         'growth-' || g, 1000, current_date - $2::int
       from generate_series(1, $3::int) g`,
      [account!.id, DAYS + 1, DRUMS],
    );
    await client.query(
      `insert into readings (drum_id, read_at, remaining_m, source)
       select d.id, now() - s * interval '15 minutes', 1000 - s * (600.0 / $1), 'sensor'
       from drums d cross join generate_series(0, $1::int - 1) s
       where d.serial like 'growth-%'`,
      [perDrum],
    );
    await client.query('analyze readings');
    const { rows: counted } = await client.query<{ n: string }>(
      'select count(*) as n from readings',
    );
    console.log(
      `data growth: ${DRUMS} drums × ${perDrum} readings (${Number(counted[0]!.n).toLocaleString('en')} rows) ` +
        `written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const { rows: drums } = await client.query<{ id: string }>(
      `select id from drums where serial = 'growth-1'`,
    );
    const timed = async (path: string) => {
      const times: number[] = [];
      for (let n = 0; n < 30; n++) {
        started = performance.now();
        const answer = await fetch(`${publicUrl}${path}`, { headers: { cookie } });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        times.push(performance.now() - started);
      }
      const first = times[0]!;
      return {
        first,
        p95: percentile(
          [...times].sort((a, b) => a - b),
          95,
        ),
      };
    };
    const overview = await timed('/api/refill/drums');
    const chart = await timed(`/api/refill/drums/${drums[0]!.id}/qgraph`);
    console.log(
      `drum overview (${DRUMS + 40} drums): first ${overview.first.toFixed(0)} ms, p95 ${overview.p95.toFixed(0)} ms; ` +
        `one drum's chart: first ${chart.first.toFixed(0)} ms, p95 ${chart.p95.toFixed(0)} ms`,
    );
    const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
      `explain analyze select read_at, remaining_m from readings
       where drum_id = $1 and read_at >= now() - interval '90 days' order by read_at`,
      [drums[0]!.id],
    );
    console.log(
      `a drum's readings of 90 days:\n  ${plan.map((row) => row['QUERY PLAN']).join('\n  ')}`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

console.log(`bench:scale, load ${loadAverage()}`);
if (!skip('scaling')) await scaling();
if (!skip('growth')) await growth();
console.log(`done, load ${loadAverage()}`);
