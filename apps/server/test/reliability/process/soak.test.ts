import { mkdtempSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { earliestDeliveryDate } from '../../../src/services/refill/delivery-date';
import { tokenOf } from '../../clock';
import { freePortInRange } from '../smtp-capture';
import { cookieOf, send, startServerProcess, type ServerProcess } from './server-process';

/**
 * Reliability suite 7 — soak: the bundled server on its default database (file-backed PGlite)
 * takes mixed load — sign-ins, the drums overview, spare-parts searches, profile reads, refill
 * requests and cart updates — from 50 keep-alive connections for SOAK_SECONDS (60 by default),
 * with the send limits raised by configuration. Zero errors allowed; resident memory is read
 * after the warm-up and at the end, and must not keep growing.
 */

// eslint-disable-next-line no-restricted-properties -- test knob: the soak's length
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = 50;
// Caches, pools and the embedded database's buffers fill during the first third (each refill
// request also writes its inbox row, timeline, staff notifications and mails); memory is compared
// from then on.
const WARM_UP_SECONDS = Math.min(20, Math.max(5, soakSeconds / 3));

let server: ServerProcess | undefined;
afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.kill('SIGTERM');
    await server.exited;
  }
});

describe('suite 7 — soak', () => {
  it(
    `serves ${CONNECTIONS} connections of mixed load for ${soakSeconds} s with no error and stable memory`,
    { timeout: (soakSeconds + 150) * 1000 },
    async () => {
      const port = await freePortInRange(3640, 3659);
      server = await startServerProcess(
        {
          DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-soak-')),
          DEMO_DATA: 'true',
          RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '1000000',
          RATE_LIMIT_MAIL_PER_MINUTE: '1000000',
          RATE_LIMIT_MAIL_PER_HOUR: '1000000',
        },
        { port },
      );
      const url = server.url;
      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      let httpRequests = 0;
      const call = (
        method: string,
        path: string,
        options: { json?: unknown; headers?: Record<string, string> } = {},
      ) => {
        httpRequests++;
        return send(url, method, path, { ...options, agent });
      };

      let users = 0;
      async function signIn(): Promise<string> {
        const email = `soak${users++}@example.com`;
        const signUp = await call('POST', '/api/users/signup', { json: { email } });
        if (signUp.status !== 202) throw new Error(`sign-up ${signUp.status} ${signUp.body}`);
        const mailbox = await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
          headers: { accept: 'application/json' },
        });
        // Not simply the newest: a joining user may already get the account's alert mails.
        const mail = mailbox
          .json<Array<{ link: string | null }>>()
          .find((candidate) => candidate.link?.includes('/signin/'));
        if (!mail?.link) throw new Error(`no sign-in link for ${email}`);
        const answer = await call('POST', '/api/users/signin', {
          json: { hash: tokenOf(mail.link) },
        });
        return cookieOf(answer);
      }

      const cookies = await Promise.all(Array.from({ length: 10 }, signIn));
      const { drums } = (
        await call('GET', '/api/refill/drums', { headers: { cookie: cookies[0]! } })
      ).json<{
        drums: Array<{ id: string; site: { id: string } }>;
      }>();
      const { items: parts } = (
        await call('GET', '/api/spareparts?pageSize=100', { headers: { cookie: cookies[0]! } })
      ).json<{
        items: Array<{ id: string; supersededBy: unknown }>;
      }>();
      const orderable = parts.filter((part) => !part.supersededBy).map((part) => part.id);
      const date = earliestDeliveryDate(new Date(), 'Europe/Paris');
      const searches = [
        'roulement',
        'pompe',
        'joint',
        'bearing',
        'seal',
        'SEAL-2',
        'filtre',
        'moteur',
        'courroie',
        'vanne',
      ];

      const counts = new Map<string, number>();
      const errors: string[] = [];
      let sequence = 0;
      const pick = <T>(list: readonly T[]) => list[sequence++ % list.length]!;
      const expectOk = (what: string, status: number, body: string) => {
        counts.set(what, (counts.get(what) ?? 0) + 1);
        if (status < 200 || status >= 300) errors.push(`${what}: ${status} ${body.slice(0, 120)}`);
      };
      const operations: Array<[number, () => Promise<void>]> = [
        [
          10,
          async () => {
            const cookie = await signIn();
            counts.set('sign-in', (counts.get('sign-in') ?? 0) + 1);
            cookies.push(cookie);
          },
        ],
        [
          30,
          async () => {
            const answer = await call('GET', '/api/refill/drums', {
              headers: { cookie: pick(cookies) },
            });
            expectOk('overview', answer.status, answer.body);
          },
        ],
        [
          25,
          async () => {
            const answer = await call(
              'GET',
              `/api/spareparts?search=${pick(searches)}&pageSize=25`,
              {
                headers: { cookie: pick(cookies) },
              },
            );
            expectOk('search', answer.status, answer.body);
          },
        ],
        [
          15,
          async () => {
            const answer = await call('GET', '/api/users/me', {
              headers: { cookie: pick(cookies) },
            });
            expectOk('profile', answer.status, answer.body);
          },
        ],
        [
          10,
          async () => {
            const drum = pick(drums);
            const answer = await call('POST', '/api/refill/requests', {
              headers: {
                cookie: pick(cookies),
                'idempotency-key': `soak-${sequence++}-${Date.now()}`,
                timezone: 'Europe/Paris',
              },
              json: {
                items: [{ drumId: drum.id, quantity: 1 }],
                siteId: drum.site.id,
                deliveryDate: date,
                windowStart: '08:00',
                windowEnd: '12:00',
                contactPhone: '+33612345678',
              },
            });
            expectOk('refill request', answer.status, answer.body);
          },
        ],
        [
          10,
          async () => {
            const answer = await call('PUT', `/api/spareparts/cart/lines/${pick(orderable)}`, {
              headers: { cookie: pick(cookies) },
              json: { quantity: 1 + (sequence % 5) },
            });
            expectOk('cart', answer.status, answer.body);
          },
        ],
      ];
      const weighted = operations.flatMap(([weight, run]) =>
        Array<() => Promise<void>>(weight).fill(run),
      );

      const started = Date.now();
      const end = started + soakSeconds * 1000;
      let rssStart = 0;
      let rssPeak = 0;
      const sampler = setInterval(() => {
        const rss = server!.rssKb();
        rssPeak = Math.max(rssPeak, rss);
        if (!rssStart && Date.now() - started >= WARM_UP_SECONDS * 1000) rssStart = rss;
      }, 1000);
      let requests = 0;
      const requestsBefore = httpRequests;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, client) => {
          let turn = client;
          while (Date.now() < end) {
            const run = weighted[(turn++ * 7919) % weighted.length]!;
            try {
              await run();
            } catch (error) {
              errors.push(`network: ${(error as Error).message}`);
            }
            requests++;
          }
        }),
      );
      clearInterval(sampler);
      const rssEnd = server.rssKb();
      agent.destroy();
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `soak: ${soakSeconds} s, ${CONNECTIONS} connections, ${requests} operations, ` +
          `${httpRequests - requestsBefore} HTTP requests (${((httpRequests - requestsBefore) / seconds).toFixed(1)}/s) ` +
          `${JSON.stringify(Object.fromEntries(counts))}; errors ${errors.length}; ` +
          `RSS after warm-up ${(rssStart / 1024).toFixed(0)} MiB, end ${(rssEnd / 1024).toFixed(0)} MiB, peak ${(rssPeak / 1024).toFixed(0)} MiB`,
      );
      expect(errors.slice(0, 10)).toEqual([]);
      expect(requests).toBeGreaterThan(soakSeconds * 5);
      expect(rssStart).toBeGreaterThan(0);
      // Memory stable: after the warm-up RSS moved by -26 to +67 MiB in our runs (+67 with
      // the rest of CI on the same two cores: PGlite's heap and GC timing dominate it). A leak
      // of 20 KiB per request adds 140 MiB or more over 7,000+ requests; 64 KiB added 625 MiB.
      expect(rssEnd - rssStart).toBeLessThan(128 * 1024);

      server.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );
});
