// `npm run bench:queues [-- --mails 20000 --workers 1,2,4]`: how fast the mail outbox empties on
// PostgreSQL, by the number of workers (each with its own pool, as instances have): N mails are
// queued, then W workers take rounds at once until none is left. Twice: with a transport that
// sends nothing (what the queue itself costs: claim with a lease, record the outcome) and with a
// real SMTP server on this machine.
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test (throwaway
// databases it creates and drops).
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { mailOutbox } from '../src/db/schema';
import { MailWorker } from '../src/mail/worker';
import { createSmtpTransport, type MailTransport } from '../src/mail/transports';
import { freshPostgres, loadAverage } from './bench-support';

// eslint-disable-next-line no-restricted-properties -- a bench reads its own knobs
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const flag = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};
const MAILS = Number(flag('mails', '20000'));
const WORKERS = flag('workers', '1,2,4').split(',').map(Number);

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
} as unknown as FastifyBaseLogger;

const nothingSent: MailTransport = {
  send: async (mail) => ({ messageId: `<${mail.id}@bench>` }),
  close() {},
};

async function startSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function run(workers: number, transport: () => MailTransport): Promise<number> {
  const database = await freshPostgres(adminUrl);
  const handles: DatabaseHandle[] = [];
  try {
    const first = await openDatabase(database.url);
    handles.push(first);
    await applyMigrations(first);
    const expiresAt = new Date(Date.now() + 3_600_000);
    for (let offset = 0; offset < MAILS; offset += 1000) {
      await first.db.insert(mailOutbox).values(
        Array.from({ length: Math.min(1000, MAILS - offset) }, (_, n) => ({
          kind: 'bench',
          toAddress: `bench-${offset + n}@example.com`,
          locale: 'en' as const,
          subject: 'Bench',
          html: '<p>A mail of about the size of a notification.</p>'.repeat(20),
          text: 'A mail of about the size of a notification. '.repeat(20),
          expiresAt,
        })),
      );
    }
    await first.db.execute(sql`analyze mail_outbox`);
    console.error(`  ${MAILS} mails queued, ${workers} worker(s) start`);
    for (let n = 1; n < workers; n++) handles.push(await openDatabase(database.url));
    const started = performance.now();
    let sent = 0;
    await Promise.all(
      handles.map(async (handle) => {
        const worker = new MailWorker({
          db: handle.db,
          transport: transport(),
          from: 'bench@example.com',
          log: silent,
          clock: () => new Date(),
        });
        for (;;) {
          const claimed = await worker.runOnce();
          if (claimed === 0) break;
          sent += claimed;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (sent !== MAILS) throw new Error(`sent ${sent} of ${MAILS}`);
    return MAILS / seconds;
  } finally {
    for (const handle of handles) await handle.close();
    await database.drop();
  }
}

async function main(): Promise<void> {
  console.log(`mail outbox on PostgreSQL, ${MAILS} mails, load ${loadAverage()}`);
  const smtp = await startSmtp();
  try {
    for (const workers of WORKERS) {
      const queueOnly = await run(workers, () => nothingSent);
      const withSmtp = await run(workers, () => createSmtpTransport(smtp.url));
      console.log(
        `${workers} worker(s): ${queueOnly.toFixed(0)} mails/s (queue alone), ${withSmtp.toFixed(0)} mails/s (local SMTP)`,
      );
    }
  } finally {
    await smtp.close();
  }
}

await main();
