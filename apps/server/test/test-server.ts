import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadSettings, type Settings } from '../src/config/env';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { mailOutbox } from '../src/db/schema';
import type { MailTransport } from '../src/mail/transports';
import type { Clock } from '../src/services/clock';
import type { WebhookSendOptions } from '../src/services/integration/webhooks/send-webhook';

/**
 * Which database the server tests run on. Vitest runs the server tests twice (see
 * vitest.config.ts): once on an in-memory PGlite and once on PostgreSQL from TEST_DATABASE_URL.
 */
// eslint-disable-next-line no-restricted-properties -- test harness selects its database here
const testEnv = process.env;
export const testDatabaseDriver = testEnv.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh database for one test server: in memory, or a new PostgreSQL database. Empty, or with
 * `migrated`, a copy of the run's migrated template on PostgreSQL (postgres-template.global.ts)
 * where one exists; openMigratedDatabase then has nothing left to apply.
 */
export async function createTestDatabaseUrl({ migrated = false } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (testDatabaseDriver === 'pglite') return { url: 'memory://', drop: async () => undefined };
  const adminUrl = testEnv.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('postgresTemplateDatabase') : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let migratedSnapshot: Promise<Blob> | undefined;

/**
 * Opens `url` with every migration applied. An in-memory PGlite starts from a snapshot of a
 * migrated one, taken once per test worker: an empty cluster costs ~1.5 s of initdb per server.
 */
export async function openMigratedDatabase(url: string): Promise<DatabaseHandle> {
  if (url !== 'memory://') {
    const database = await openDatabase(url);
    await applyMigrations(database);
    return database;
  }
  migratedSnapshot ??= (async () => {
    const template = await openDatabase(url);
    await applyMigrations(template);
    const snapshot = await template.snapshot!();
    await template.close();
    return snapshot;
  })();
  // The snapshot is of this run's migrations: nothing is left to apply.
  return openDatabase(url, { pgliteSnapshot: await migratedSnapshot });
}

export interface TestServer {
  url: string;
  origin: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  settings: Settings;
  /** fetch against the server; state-changing calls get our Origin and JSON type unless given. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** The sign-in links the dev mailbox holds for an address, newest first. */
  linksFor(email: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  mailTransport?: MailTransport;
  /** Off by default: tests run the mail worker by hand with `app.mailWorker.runOnce()`. */
  startMailWorker?: boolean;
  /** How webhooks are sent (a test receiver's certificate, loopback allowed, a short timeout). */
  webhookDelivery?: WebhookSendOptions;
  /** Reuse a database (e.g. to "restart" the server on the same data). */
  databaseUrl?: string;
  /** Adds test-only routes before the server starts listening. */
  extend?: (app: FastifyInstance) => unknown;
  /**
   * Off by default: tests write to the database behind the server's back and read at once,
   * before another connection's announcement of the change could arrive.
   */
  cacheDrumOverviews?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { url: databaseUrl, drop } = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabaseUrl({ migrated: true });
  const port = await freePort();
  const settings = loadSettings(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      ...options.env,
    },
    { requireProductionServices: false },
  );
  const database = await openMigratedDatabase(settings.databaseUrl);
  const app = await buildApp({
    settings,
    database,
    clock: options.clock,
    mailTransport: options.mailTransport,
    startMailWorker: options.startMailWorker ?? false,
    cacheDrumOverviews: options.cacheDrumOverviews ?? false,
    webhookDelivery: options.webhookDelivery,
  });
  await options.extend?.(app);
  await app.listen({ port: settings.port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    origin: settings.publicUrl.origin,
    app,
    database,
    settings,
    request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      const method = (rest.method ?? (json === undefined ? 'GET' : 'POST')).toUpperCase();
      if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) {
        headers.set('origin', settings.publicUrl.origin);
      }
      if (json !== undefined && !headers.has('content-type')) {
        headers.set('content-type', 'application/json');
      }
      return fetch(`${base}${path}`, {
        ...rest,
        method,
        headers,
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
    async linksFor(email) {
      const rows = await database.db
        .select({ link: mailOutbox.link })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email.toLowerCase()))
        .orderBy(desc(mailOutbox.createdAt));
      return rows.map((row) => row.link).filter((link): link is string => Boolean(link));
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
