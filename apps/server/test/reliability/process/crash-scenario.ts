import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../src/db/client';
import { earliestDeliveryDate } from '../../../src/services/refill/delivery-date';
import { tokenOf } from '../../clock';
import { freePortInRange, linkIn, startSmtpCapture, type SmtpCapture } from '../smtp-capture';
import {
  cookieOf,
  freshPostgresDatabase,
  queryPostgres,
  send,
  startServerProcess,
  type ServerProcess,
} from './server-process';

/**
 * Reliability suite 3 — crash safety. A burst of sign-ups, refill requests and quotes hits the
 * real server; `kill -9` lands in the middle of it; the server restarts on the same data. Then:
 * every write that was acknowledged (2xx) is there, nothing is half-written, and every queued mail
 * reaches the SMTP server at least once and at most twice (counted by Message-ID).
 */

export interface CrashFigures {
  database: 'pglite' | 'postgres';
  attempted: number;
  networkErrors: number;
  acknowledged: { signUps: number; refills: number; quotes: number };
  found: { signUps: number; refills: number; quotes: number };
  missing: string[];
  halfWritten: Record<string, number>;
  mails: {
    queued: number;
    delivered: number;
    duplicates: number;
    moreThanTwice: number;
    pending: number;
  };
  killedAfterMs: number;
}

const RUN = Date.now().toString(36);

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 90_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signInThroughMail(
  server: ServerProcess,
  smtp: SmtpCapture,
  email: string,
): Promise<string> {
  const signUp = await send(server.url, 'POST', '/api/users/signup', { json: { email } });
  if (signUp.status !== 202) throw new Error(`sign-up ${email}: ${signUp.status}`);
  const link = await waitFor(`the mail to ${email}`, () => {
    const mail = smtp.messages.find((message) => message.to.includes(email));
    return mail ? linkIn(mail.raw) : undefined;
  });
  const signIn = await send(server.url, 'POST', '/api/users/signin', {
    json: { hash: tokenOf(link) },
  });
  return cookieOf(signIn);
}

export async function runCrashScenario(
  database: 'pglite' | 'postgres',
  [from, to]: [number, number],
): Promise<CrashFigures> {
  const smtp = await startSmtpCapture(await freePortInRange(from, to));
  let dbEnv: Record<string, string>;
  let query: <T>(text: string) => Promise<T[]>;
  let cleanup = async () => undefined as void;
  if (database === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    dbEnv = { DATA_DIR: dataDir };
    query = async <T>(text: string) => {
      const handle = await openDatabase(`file://${dataDir}/pglite`);
      try {
        return ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      } finally {
        await handle.close();
      }
    };
  } else {
    const fresh = await freshPostgresDatabase();
    dbEnv = { DATABASE_URL: fresh.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-crash-')) };
    query = <T>(text: string) => queryPostgres<T>(fresh.url, text);
    cleanup = fresh.drop;
  }
  const env = {
    ...dbEnv,
    SMTP_URL: smtp.url,
    // A mail caught mid-send by the kill is sent again once its lease runs out.
    MAIL_LEASE_SECONDS: '3',
    DEMO_DATA: 'true',
    RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000000',
    RATE_LIMIT_MAIL_PER_MINUTE: '1000000',
    RATE_LIMIT_MAIL_PER_HOUR: '1000000',
  };
  const port = await freePortInRange(from, to);
  let server = await startServerProcess(env, { port });
  try {
    const driver = await signInThroughMail(server, smtp, `driver-${RUN}@example.com`);
    const quoters = [];
    for (let i = 0; i < 3; i++)
      quoters.push(await signInThroughMail(server, smtp, `quoter${i}-${RUN}@example.com`));
    const { drums } = (
      await send(server.url, 'GET', '/api/refill/drums', { headers: { cookie: driver } })
    ).json<{
      drums: Array<{ id: string; site: { id: string } }>;
    }>();
    const drum = drums[0]!;
    const { items: parts } = (
      await send(server.url, 'GET', '/api/spareparts?pageSize=100', { headers: { cookie: driver } })
    ).json<{ items: Array<{ id: string; supersededBy: unknown }> }>();
    const orderable = parts.filter((part) => !part.supersededBy).map((part) => part.id);
    const date = earliestDeliveryDate(new Date(), 'Europe/Paris');

    const acknowledged = {
      signUps: [] as string[],
      refills: [] as string[],
      quotes: [] as string[],
    };
    let attempted = 0;
    let networkErrors = 0;
    let stop = false;
    let counter = 0;
    const attempt = async (work: () => Promise<void>) => {
      attempted++;
      try {
        await work();
      } catch {
        networkErrors++;
      }
    };
    const signUps = async () => {
      while (!stop) {
        const email = `burst${counter++}-${RUN}@example.com`;
        await attempt(async () => {
          const answer = await send(server.url, 'POST', '/api/users/signup', { json: { email } });
          if (answer.status === 202) acknowledged.signUps.push(email);
        });
      }
    };
    const refills = async () => {
      while (!stop) {
        const key = `crash-${RUN}-${counter++}`;
        await attempt(async () => {
          const answer = await send(server.url, 'POST', '/api/refill/requests', {
            headers: { cookie: driver, 'idempotency-key': key, timezone: 'Europe/Paris' },
            json: {
              items: [{ drumId: drum.id, quantity: 1 }],
              siteId: drum.site.id,
              deliveryDate: date,
              windowStart: '08:00',
              windowEnd: '12:00',
              contactPhone: '+33612345678',
            },
          });
          if (answer.status === 201) acknowledged.refills.push(answer.json<{ id: string }>().id);
        });
      }
    };
    const quotes = async (cookie: string) => {
      while (!stop) {
        const part = orderable[counter++ % orderable.length]!;
        await attempt(async () => {
          const line = await send(server.url, 'PUT', `/api/spareparts/cart/lines/${part}`, {
            headers: { cookie },
            json: { quantity: 1 },
          });
          if (line.status !== 200 || stop) return;
          const answer = await send(server.url, 'POST', '/api/spareparts/quotes', {
            headers: { cookie, 'idempotency-key': `quote-${RUN}-${counter++}` },
            json: { comment: 'crash test' },
          });
          if (answer.status === 201) acknowledged.quotes.push(answer.json<{ id: string }>().id);
        });
      }
    };

    // The burst: 12 clients; the kill lands once a good number of writes were acknowledged.
    const burstStart = Date.now();
    const clients = [
      ...Array.from({ length: 5 }, signUps),
      ...Array.from({ length: 4 }, refills),
      ...quoters.map((cookie) => quotes(cookie)),
    ];
    const killed = await waitFor(
      'acknowledged writes before the kill',
      () => {
        const total =
          acknowledged.signUps.length + acknowledged.refills.length + acknowledged.quotes.length;
        if (total < 120 && Date.now() - burstStart < 20_000) return undefined;
        server.kill('SIGKILL');
        stop = true;
        return Date.now() - burstStart;
      },
      60_000,
    );
    await Promise.all(clients);
    await server.exited;

    server = await startServerProcess(env, { port });
    const requests = (
      await send(server.url, 'GET', '/api/refill/requests?limit=200', {
        headers: { cookie: driver },
      })
    ).json<{
      requests: Array<{ id: string; items: unknown[] }>;
    }>().requests;
    const quoteLists = await Promise.all(
      quoters.map(
        async (cookie) =>
          (
            await send(server.url, 'GET', '/api/spareparts/quotes?limit=200', {
              headers: { cookie },
            })
          ).json<{
            quotes: Array<{ id: string; lines: unknown[] }>;
          }>().quotes,
      ),
    );
    const foundRefills = new Set(
      requests.filter((request) => request.items.length > 0).map((r) => r.id),
    );
    const foundQuotes = new Set(
      quoteLists
        .flat()
        .filter((quote) => quote.lines.length > 0)
        .map((q) => q.id),
    );

    // Every acknowledged sign-up's mail arrives (and every other queued one: checked below).
    await waitFor('the mails of every acknowledged sign-up', () => {
      const sentTo = new Set(smtp.messages.flatMap((message) => message.to));
      return acknowledged.signUps.every((email) => sentTo.has(email)) ? true : undefined;
    });
    // Let the worker drain what was committed but not acknowledged (no new mail for 5 s).
    let seen = -1;
    await waitFor('the outbox to drain', async () => {
      if (smtp.messages.length === seen) return true;
      seen = smtp.messages.length;
      await new Promise((resolve) => setTimeout(resolve, 5000));
      return undefined;
    });
    server.kill('SIGTERM');
    const exitCode = await server.exited;
    if (exitCode !== 0) throw new Error(`graceful stop exited ${exitCode}:\n${server.output()}`);

    const users = await query<{ email: string }>(
      `select email from users where email like 'burst%'`,
    );
    const userEmails = new Set(users.map((user) => user.email));
    const count = async (text: string) => Number((await query<{ n: number }>(text))[0]?.n ?? -1);
    const halfWritten = {
      refillRequestsWithoutItems: await count(
        `select count(*) as n from refill_requests r where not exists (select 1 from refill_request_items i where i.request_id = r.id)`,
      ),
      refillRequestsWithoutAcknowledgement: await count(
        `select count(*) as n from refill_requests r where not exists (select 1 from request_messages m where m.request_id = r.id and m.author = 'service')`,
      ),
      quotesWithoutLines: await count(
        `select count(*) as n from quote_requests q where not exists (select 1 from quote_request_lines l where l.quote_id = q.id)`,
      ),
      signInLinksWithoutMail: await count(
        `select count(*) as n from users u where (select count(*) from sign_in_links l where l.user_id = u.id) <> (select count(*) from mail_outbox o where o.to_address = u.email and o.kind = 'sign_in_link')`,
      ),
    };
    const outbox = await query<{ id: string; sent_at: unknown; failed_at: unknown }>(
      `select id, sent_at, failed_at from mail_outbox`,
    );
    const counts = smtp.countsByMessageId();
    const deliveries = outbox.map((mail) => counts.get(`<${mail.id}@portal>`) ?? 0);
    return {
      database,
      attempted,
      networkErrors,
      killedAfterMs: killed,
      acknowledged: {
        signUps: acknowledged.signUps.length,
        refills: acknowledged.refills.length,
        quotes: acknowledged.quotes.length,
      },
      found: {
        signUps: acknowledged.signUps.filter((email) => userEmails.has(email)).length,
        refills: acknowledged.refills.filter((id) => foundRefills.has(id)).length,
        quotes: acknowledged.quotes.filter((id) => foundQuotes.has(id)).length,
      },
      missing: [
        ...acknowledged.signUps.filter((email) => !userEmails.has(email)),
        ...acknowledged.refills.filter((id) => !foundRefills.has(id)),
        ...acknowledged.quotes.filter((id) => !foundQuotes.has(id)),
      ],
      halfWritten,
      mails: {
        queued: outbox.length,
        delivered: deliveries.filter((n) => n >= 1).length,
        duplicates: deliveries.filter((n) => n === 2).length,
        moreThanTwice: deliveries.filter((n) => n > 2).length,
        pending: outbox.filter((mail) => !mail.sent_at).length,
      },
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGKILL');
    await smtp.stop();
    await cleanup();
  }
}
