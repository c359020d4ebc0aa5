// Measures the live event streams on two server processes (the built server, as production runs
// it) sharing one PostgreSQL database (BENCH_DATABASE_URL, or TEST_DATABASE_URL):
// 1. idle streams one instance holds: STREAMS (default 5,000) GET /api/live held open on
//    instance A, its resident memory (RSS) before and after, and so the memory per stream;
// 2. change-to-event latency: SAMPLES (default 200) writes on instance A (a staff member's
//    presence on an item, which raises an event), each timed until its event arrives on a
//    stream connected to instance B; p50 and p95.
// Run: npm run build && npm run bench:live
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshPostgres, loadAverage, percentile } from './bench-support';
import { startPortal, type RunningServer } from './suite/processes';

// eslint-disable-next-line no-restricted-properties -- a benchmark script reads its options here
const options = process.env;
const STREAMS = Number(options.STREAMS ?? 5000);
const SAMPLES = Number(options.SAMPLES ?? 200);
const adminUrl = options.BENCH_DATABASE_URL ?? options.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('bench:live needs BENCH_DATABASE_URL (a PostgreSQL server)');

/** A server process and its resident memory in KiB, from /proc. */
interface Instance extends RunningServer {
  port: number;
  rssKb(): number;
}

async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const server = await startPortal(port, env, 'node');
  return {
    ...server,
    port,
    rssKb: () => {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
  };
}

async function signInAgent(server: Instance, databaseUrl: string): Promise<string> {
  const email = `bench-live-${randomUUID().slice(0, 8)}@provider.example`;
  const headers = { 'content-type': 'application/json', origin: server.url };
  await fetch(`${server.url}/api/users/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`update users set role = 'agent', first_name = 'Bench' where email = $1`, [
    email,
  ]);
  const { rows } = await client.query<{ link: string }>(
    `select link from mail_outbox where to_address = $1 order by created_at desc limit 1`,
    [email],
  );
  await client.end();
  const hash = new URL(rows[0]!.link).pathname.split('/').pop();
  const signIn = await fetch(`${server.url}/api/users/signin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ hash }),
  });
  return (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

/** Opens a stream and calls `onData` with each chunk; resolves once the answer's head came. */
function openStream(
  server: Instance,
  cookie: string,
  agent: Agent,
  onData: (text: string) => void = () => undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path: '/api/live', headers: { cookie }, agent },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', onData);
        resolve();
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const loadBefore = loadAverage();
  const database = await freshPostgres(adminUrl!);
  const env = {
    DATABASE_URL: database.url,
    APP_ENV: 'dev',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    LIVE_STREAMS_PER_USER: String(STREAMS + 10),
    RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000',
  };
  const base = 4700 + Math.floor(Math.random() * 200);
  const a = await startInstance(base, env);
  const b = await startInstance(base + 1, env);
  try {
    const cookie = await signInAgent(a, database.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const account = randomUUID();
    const item = randomUUID();
    await client.query(`insert into accounts (id, name) values ($1, 'Bench live')`, [account]);
    await client.query(
      `insert into work_items (id, kind, reference, account_id, status, created_at, updated_at)
       values ($1, 'quote', 'QR-BENCH', $2, 'requested', now(), now())`,
      [item, account],
    );
    await client.end();

    // 1. Idle streams on A.
    const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
    for (let i = 0; i < 20; i++) await openStream(a, cookie, agent);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = a.rssKb();
    const started = performance.now();
    for (let opened = 20; opened < STREAMS; opened += 100) {
      const batch = Math.min(100, STREAMS - opened);
      await Promise.all(Array.from({ length: batch }, () => openStream(a, cookie, agent)));
    }
    const openSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAfter = a.rssKb();
    const extraMb = (rssAfter - rssBefore) / 1024;
    const perStreamKb = (rssAfter - rssBefore) / (STREAMS - 20);

    // 2. A write on A, its event on a stream connected to B.
    const arrivals = new Map<string, (at: number) => void>();
    let buffer = '';
    await openStream(b, cookie, new Agent({ keepAlive: true }), (text) => {
      const at = performance.now();
      buffer += text;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const event = JSON.parse(data) as { kind: string; subjectId: string; version: string };
        if (event.kind === 'presence') arrivals.get(event.subjectId)?.(at);
      }
    });
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const arrived = new Promise<number>((resolve) => arrivals.set(item, resolve));
      const t0 = performance.now();
      const answer = await fetch(`${a.url}/api/backoffice/items/${item}/presence`, {
        method: 'PUT',
        headers: { cookie, origin: a.url, 'content-type': 'application/json' },
        body: JSON.stringify({ isTyping: i % 2 === 0 }),
      });
      if (answer.status !== 200) throw new Error(`presence answered ${answer.status}`);
      times.push((await arrived) - t0);
    }
    times.sort((x, y) => x - y);
    agent.destroy();

    console.log(`live events, two server processes on one PostgreSQL database`);
    console.log(`load average before: ${loadBefore}, after: ${loadAverage()}`);
    console.log(
      `idle streams on one instance: ${STREAMS} opened in ${openSeconds.toFixed(1)} s, ` +
        `RSS ${(rssBefore / 1024).toFixed(0)} MB -> ${(rssAfter / 1024).toFixed(0)} MB: ` +
        `${extraMb.toFixed(0)} MB extra, ${perStreamKb.toFixed(1)} KB per stream`,
    );
    console.log(
      `write on A to event on B (${SAMPLES} samples): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await database.drop();
  }
}

await main();
