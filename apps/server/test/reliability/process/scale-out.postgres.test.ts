import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspacePath } from '../../../src/config/paths';
import { earliestDeliveryDate } from '../../../src/services/refill/delivery-date';
import { tokenOf } from '../../clock';
import { freePortInRange } from '../smtp-capture';
import {
  cookieOf,
  freshPostgresDatabase,
  queryPostgres,
  send,
  startServerProcess,
  type Answer,
  type ServerProcess,
} from './server-process';

/**
 * Reliability suite 6 — scale-out: two server processes on one PostgreSQL, started at the same
 * moment on an empty database, behind one public address. Migrations and seeds run once (under
 * the advisory lock); a link asked through one instance signs in through the other; send limits
 * and sessions hold across both; SIGTERM to one lets its in-flight requests finish and loses
 * nothing while the other keeps serving.
 */

const PUBLIC_URL = 'http://portal.test';
const origin = { origin: PUBLIC_URL };

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await freshPostgresDatabase();
  // Behind a load balancer: on SIGTERM, two seconds of draining before the server closes.
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL,
    DEMO_DATA: 'true',
    SHUTDOWN_DRAIN_SECONDS: '2',
  };
  const portA = await freePortInRange(3620, 3629);
  const portB = await freePortInRange(3630, 3639);
  [a, b] = await Promise.all([
    // On PostgreSQL attachments are in the database: each instance has a DATA_DIR of its own.
    startServerProcess(
      { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-instance-')) },
      { port: portA },
    ),
    startServerProcess(
      { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-instance-')) },
      { port: portB },
    ),
  ]);
});

afterAll(async () => {
  for (const server of [a, b]) {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.kill('SIGTERM');
      await server.exited;
    }
  }
  await database?.drop();
});

const count = async (text: string, values: unknown[] = []) =>
  Number((await queryPostgres<{ n: string }>(database.url, text, values))[0]?.n ?? -1);

async function linkFor(email: string): Promise<string> {
  const [row] = await queryPostgres<{ link: string }>(
    database.url,
    'select link from mail_outbox where to_address = $1 order by created_at desc limit 1',
    [email],
  );
  return tokenOf(row!.link);
}

const signUp = (server: ServerProcess, email: string) =>
  send(server.url, 'POST', '/api/users/signup', { json: { email }, headers: origin });

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const answer = await send(server.url, 'POST', '/api/users/signin', {
    json: { hash: await linkFor(email) },
    headers: origin,
  });
  return cookieOf(answer);
}

const me = (server: ServerProcess, cookie: string) =>
  send(server.url, 'GET', '/api/users/me', { headers: { cookie } });

describe('suite 6 — scale-out: two instances on one PostgreSQL', () => {
  let second: string;

  it('migrated and seeded once although both started at the same moment on an empty database', async () => {
    const journal = JSON.parse(
      readFileSync(workspacePath('apps/server/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );
    const seeds = await queryPostgres<{ name: string; n: string }>(
      database.url,
      'select name, count(*) as n from seed_runs group by name',
    );
    expect(seeds.length).toBeGreaterThan(0);
    expect(seeds.every((seed) => Number(seed.n) === 1)).toBe(true);
    // The demo account and the second demo account (Nordkabel, three drums).
    expect(await count('select count(*) as n from accounts')).toBe(2);
    // Its 40 drums, Nordkabel's three, and one already collected (a collection's history).
    expect(await count('select count(*) as n from drums')).toBe(44);
    expect(await count('select count(*) as n from spare_parts')).toBe(6000);
  });

  it('signs in through one instance with the link asked through the other, and shares the session', async () => {
    expect((await signUp(a, 'ada@example.com')).status).toBe(202);
    const cookie = await signIn(b, 'ada@example.com');
    expect((await me(a, cookie)).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(200);
    expect((await signUp(b, 'bea@example.com')).status).toBe(202);
    second = await signIn(a, 'bea@example.com');

    // Signed out through one, refused by both.
    const signOut = await send(a.url, 'POST', '/api/users/signout', {
      json: {},
      headers: { ...origin, cookie },
    });
    expect(signOut.status).toBe(204);
    expect((await me(b, cookie)).status).toBe(401);
    expect((await me(a, cookie)).status).toBe(401);
  });

  it('holds the send limits across both instances', async () => {
    expect((await signUp(a, 'cross@example.com')).status).toBe(202);
    const again = await signUp(b, 'cross@example.com');
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Ten sign-ups per IP per minute, whichever instance takes them: three are used.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await signUp(i % 2 ? b : a, `ip${i}@example.com`)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202, 429, 429]);
  });

  it('serves through one instance the attachment uploaded through the other (stored in the database)', async () => {
    const { drums } = (
      await send(a.url, 'GET', '/api/refill/drums', { headers: { cookie: second } })
    ).json<{ drums: Array<{ id: string; site: { id: string } }> }>();
    const date = earliestDeliveryDate(new Date(), 'Europe/Paris');
    const created = await send(b.url, 'POST', '/api/refill/requests', {
      headers: { ...origin, cookie: second, 'idempotency-key': `attachment-${Date.now()}` },
      json: {
        items: [{ drumId: drums[0]!.id, quantity: 1 }],
        siteId: drums[0]!.site.id,
        deliveryDate: date,
        windowStart: '08:00',
        windowEnd: '12:00',
        contactPhone: '+33612345678',
      },
    });
    const requestId = created.json<{ id: string }>().id;
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\nshared\n%%EOF\n']), 'delivery-note.pdf');
    const upload = await fetch(`${a.url}/api/refill/requests/${requestId}/attachments`, {
      method: 'POST',
      headers: { ...origin, cookie: second },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    const download = await send(
      b.url,
      'GET',
      `/api/refill/requests/${requestId}/attachments/${id}`,
      {
        headers: { cookie: second },
      },
    );
    expect(download.status).toBe(200);
    expect(download.body).toContain('shared');
  });

  it('finishes the requests in flight when one instance gets SIGTERM, loses none, and the other serves on', async () => {
    const date = earliestDeliveryDate(new Date(), 'Europe/Paris');
    const { drums } = (
      await send(a.url, 'GET', '/api/refill/drums', { headers: { cookie: second } })
    ).json<{
      drums: Array<{ id: string; site: { id: string } }>;
    }>();
    const drum = drums[0]!;
    const keys = Array.from({ length: 40 }, (_, i) => `scale-out-${Date.now()}-${i}`);
    let signalledAt = 0;
    const outcomes = keys.map((key, i) =>
      (i % 2
        ? send(a.url, 'GET', '/api/refill/drums', { headers: { cookie: second } })
        : send(a.url, 'POST', '/api/refill/requests', {
            headers: { ...origin, cookie: second, 'idempotency-key': key },
            json: {
              items: [{ drumId: drum.id, quantity: 1 }],
              siteId: drum.site.id,
              deliveryDate: date,
              windowStart: '08:00',
              windowEnd: '12:00',
              contactPhone: '+33612345678',
            },
          })
      ).then(
        (answer: Answer) => ({
          key,
          write: i % 2 === 0,
          status: answer.status,
          at: Date.now(),
          error: '',
        }),
        (error: NodeJS.ErrnoException) => ({
          key,
          write: i % 2 === 0,
          status: 0,
          at: Date.now(),
          error: error.code ?? String(error),
        }),
      ),
    );
    // SIGTERM as soon as the first answer is back: the rest are in flight.
    await Promise.race(outcomes);
    signalledAt = Date.now();
    a.kill('SIGTERM');
    // While draining: health says 503 so the balancer moves away, requests are still served.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await send(a.url, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.json()).toEqual({ status: 'draining', database: 'ok' });
    const during = await me(a, second);
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');
    const results = await Promise.all(outcomes);
    // Meanwhile the other instance serves.
    expect((await me(b, second)).status).toBe(200);
    expect(await a.exited).toBe(0);

    const answeredAfterSignal = results.filter(
      (result) => result.status && result.at >= signalledAt,
    );
    expect(answeredAfterSignal.length).toBeGreaterThan(0);
    // Nothing in flight was cut: every request sent before the signal got its answer.
    for (const result of results)
      expect([200, 201], JSON.stringify(result)).toContain(result.status);
    // After the drain the instance is gone: a new connection is refused, not reset.
    await expect(send(a.url, 'GET', '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // Every acknowledged write is there; no write happened without its answer.
    const stored = new Set(
      (
        await queryPostgres<{ idempotency_key: string }>(
          database.url,
          'select idempotency_key from refill_requests where idempotency_key = any($1)',
          [keys],
        )
      ).map((row) => row.idempotency_key),
    );
    const writes = results.filter((result) => result.write);
    expect(writes.filter((result) => result.status === 201 && !stored.has(result.key))).toEqual([]);
    expect(writes.filter((result) => result.status !== 201 && stored.has(result.key))).toEqual([]);
    console.info(
      `scale-out SIGTERM: ${results.filter((r) => r.status === 200 || r.status === 201).length} answered, ` +
        `${answeredAfterSignal.length} of them after the signal; ${stored.size} writes stored`,
    );
  });
});
