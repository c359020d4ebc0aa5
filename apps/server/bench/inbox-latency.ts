// Measures the provider's inbox query on PostgreSQL over 100,000 items (refill requests and
// quotes of 200 accounts; one in ten open, the rest closed): each filter the inbox offers, the
// page and its counts, 200 calls after a warm-up; prints p50 and p95 per filter and overall.
// Run: npm run bench:inbox [-- --write]   (BENCH_DATABASE_URL=postgres://… and ITEMS=… to change;
//      prints its section of docs/performance.md, and with --write puts it there)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { freshPostgres, loadAverage, percentile } from './bench-support';
import { ownSection, writeOwnSection } from './suite/own-sections';
import { openDatabase, queryRows } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { listInbox, type InboxFilter } from '../src/services/workflow/inbox';

// eslint-disable-next-line no-restricted-properties -- a benchmark script picks its database here
const env = process.env;
const adminUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(env.ITEMS ?? 100_000);
const CALLS = 200;
const shouldWrite = process.argv.includes('--write');
const loadBefore = loadAverage();

const fresh = await freshPostgres(adminUrl);
const database = await openDatabase(fresh.url);
try {
  await applyMigrations(database);
  const { db } = database;
  const seedStart = performance.now();
  await db.execute(
    sql`insert into accounts (name) select 'Account ' || n from generate_series(1, 200) n`,
  );
  await db.execute(
    sql`insert into sites (account_id, name, city) select id, name || ' site ' || s, 'Lyon' from accounts, generate_series(1, 2) s`,
  );
  await db.execute(
    sql`insert into users (email, role, first_name) select 'agent' || n || '@provider.example', 'agent', 'Agent ' || n from generate_series(1, 5) n`,
  );
  await db.execute(sql`
    with account_list as (select id, row_number() over (order by id) - 1 as k from accounts),
         site_list as (select id, account_id from sites),
         staff as (select id, row_number() over (order by id) - 1 as k from users where role = 'agent')
    insert into work_items (id, kind, reference, account_id, site_id, status, turn, assignee_user_id,
      waiting_since, due_at, last_customer_message_at, staff_read_at, created_at, updated_at)
    select gen_random_uuid(),
      case when n % 3 = 0 then 'quote' else 'refill_request' end,
      'RR-' || lpad(n::text, 6, '0'),
      a.id,
      case when n % 3 = 0 then null else (select s.id from site_list s where s.account_id = a.id limit 1) end,
      case when n % 10 = 0 then (case when n % 3 = 0 then 'requested' else 'submitted' end)
           when n % 10 = 1 then (case when n % 3 = 0 then 'offered' else 'confirmed' end)
           else (case when n % 3 = 0 then 'accepted' else 'delivered' end) end,
      case when n % 10 = 0 then 'provider' when n % 10 = 1 then (case when n % 3 = 0 then 'customer' else 'provider' end) end,
      case when n % 4 = 0 then null else (select id from staff where staff.k = n % 5) end,
      case when n % 10 = 0 then now() - (n % 500) * interval '1 hour' end,
      case when n % 10 = 0 then now() - (n % 500) * interval '1 hour' + interval '1 day' end,
      case when n % 7 = 0 then now() - (n % 300) * interval '1 hour' end,
      case when n % 14 = 0 then now() - (n % 200) * interval '1 hour' end,
      now() - (n % 2000) * interval '1 hour',
      now()
    from generate_series(1, ${ITEMS}) n
    join account_list a on a.k = n % 200`);
  await db.execute(sql`analyze`);
  const seedMs = performance.now() - seedStart;

  const [me] = await queryRows<{ id: string }>(db, sql`select id from users limit 1`);
  const [account] = await queryRows<{ id: string }>(db, sql`select id from accounts limit 1`);
  const filters: Array<[string, InboxFilter]> = [
    ['open, anyone (the default)', { status: 'open', assignee: 'any' }],
    ['open, mine', { status: 'open', assignee: 'me' }],
    ['open, unassigned quotes', { status: 'open', assignee: 'unassigned', kind: 'quote' }],
    ['overdue', { status: 'open', assignee: 'any', overdue: 'true' }],
    ['one account, all statuses', { status: 'all', assignee: 'any', accountId: account!.id }],
    ['delivered, older than 30 days', { status: 'delivered', assignee: 'any', minAgeDays: 30 }],
    ['all statuses, anyone', { status: 'all', assignee: 'any' }],
  ];
  const all: number[] = [];
  const rows: string[] = [];
  for (const [label, filter] of filters) {
    const run = () => listInbox(db, filter, me!.id, new Date(), { limit: 51, offset: 0 });
    for (let i = 0; i < 10; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < CALLS / filters.length + 20; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(
      `| ${label} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | |`,
    );
  }
  all.sort((a, b) => a - b);
  const p95 = percentile(all, 95);
  const [version] = await queryRows<{ server_version: string }>(db, sql`show server_version`);
  const section = ownSection('inbox-latency', 'npm run bench:inbox -- --write', [
    '## 10. The back-office inbox at 100,000 items',
    '',
    `Written by \`npm run bench:inbox -- --write\` (apps/server/bench/inbox-latency.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on PostgreSQL ${version?.server_version ?? '?'}; load average before ${loadBefore}, after ${loadAverage()}; ${os.cpus().length} cores. ${ITEMS.toLocaleString('en')} items (refill requests and quotes of 200 accounts, one in ten open; seeded in ${(seedMs / 1000).toFixed(1)} s), the inbox's query (a page of 50 and its counts) called in process for each filter it offers, after 10 warm-up calls; p50 and p95. Target: p95 at most 50 ms.`,
    '',
    '| filter | p50 | p95 | |',
    '| --- | --: | --: | --- |',
    ...rows,
    `| every filter | ${percentile(all, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${p95 <= 50 ? 'met' : '**not met**'} |`,
  ]);
  process.stdout.write(`${section}\n`);
  if (shouldWrite) await writeOwnSection('inbox-latency', section);
} finally {
  await database.close();
  await fresh.drop();
}
