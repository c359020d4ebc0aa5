import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { queryRows, type DatabaseHandle } from '../db/client';
import { MailDeliveryError, type MailTransport } from '../mail/transports';
import { renderedDocuments, renderingLoad } from '../services/documents/document-renderer';
import type { WebhookAttemptOutcome } from '../services/integration/webhooks/webhook-worker';

/** Where a reading came from: a machine's API call, a LoRaWAN or MQTT uplink, a page, the field app. */
export type ReadingSource = 'api' | 'lorawan' | 'mqtt' | 'web' | 'offline';

/**
 * Prometheus metrics (docs/operations.md lists them with the alerts to set). They are served on a
 * port of their own (METRICS_PORT), never by the public server: route names, volumes and pool
 * use are nobody else's business.
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly requestDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly signUps = new Counter({
    name: 'portal_sign_up_requests_total',
    help: 'Sign-up requests, by outcome (accepted: a sign-in mail was queued or rate-limited silently)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Sign-in attempts with a link, by outcome (ok, refused)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly mails = new Counter({
    name: 'portal_mails_total',
    help: 'Mail delivery attempts, by result (sent, failed_transient, failed_permanent)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private readonly webhookAttempts = new Counter({
    name: 'portal_webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome (delivered, failed_retrying, given_up)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly readings = new Counter({
    name: 'portal_readings_ingested_total',
    help: 'Readings recorded, by source (api, lorawan, mqtt, web, offline: the field app)',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  constructor(database: DatabaseHandle, { buildVersion }: { buildVersion: string }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'portal_' });
    /**
     * A queue table's two gauges, read at each scrape: how many rows wait (`waiting`, an SQL
     * condition), and the age of the oldest of them, 0 when none waits.
     */
    const queueGauges = (
      table: string,
      waiting: string,
      gauges: { pending: [name: string, help: string]; oldest: [name: string, help: string] },
    ) => {
      const read = async () =>
        (
          await queryRows<{ pending: number | string; oldest_seconds: number | string | null }>(
            database.db,
            sql`select count(*) as pending,
                  extract(epoch from (now() - min(created_at))) as oldest_seconds
                from ${sql.identifier(table)} where ${sql.raw(waiting)}`,
          )
        )[0];
      new Gauge({
        name: gauges.pending[0],
        help: gauges.pending[1],
        registers: [this.registry],
        async collect() {
          this.set(Number((await read())?.pending ?? 0));
        },
      });
      new Gauge({
        name: gauges.oldest[0],
        help: gauges.oldest[1],
        registers: [this.registry],
        async collect() {
          this.set(Number((await read())?.oldest_seconds ?? 0));
        },
      });
    };
    queueGauges('mail_outbox', 'sent_at is null and failed_at is null', {
      pending: [
        'portal_mail_outbox_pending',
        'Mails waiting in the outbox (neither sent nor given up)',
      ],
      oldest: [
        'portal_mail_outbox_oldest_pending_seconds',
        'Age of the oldest mail waiting in the outbox (0 when none waits)',
      ],
    });
    queueGauges('webhook_messages', 'delivered_at is null and failed_at is null', {
      pending: [
        'portal_webhook_messages_pending',
        'Webhook messages waiting to be delivered (neither delivered nor given up)',
      ],
      oldest: [
        'portal_webhook_messages_oldest_pending_seconds',
        'Age of the oldest webhook message waiting to be delivered (0 when none waits)',
      ],
    });
    new Gauge({
      name: 'portal_documents_rendering',
      help: 'PDF documents on the rendering threads, by state (drawing, waiting for a thread)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const load = renderingLoad();
        this.set({ state: 'drawing' }, load.drawing);
        this.set({ state: 'waiting' }, load.waiting);
      },
    });
    new Counter({
      name: 'portal_documents_rendered_total',
      help: 'PDF documents drawn whole by this process, by kind',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        // The renderer keeps the process's totals; the counter shows them as they are.
        this.reset();
        for (const [kind, count] of renderedDocuments()) this.inc({ kind }, count);
      },
    });
    new Gauge({
      name: 'portal_build_info',
      help: 'Always 1; the running build in its labels (version: the commit it was built from)',
      labelNames: ['version'] as const,
      registers: [this.registry],
    }).set({ version: buildVersion }, 1);
    const poolStats = database.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'PostgreSQL pool connections, by state (total, idle, waiting: requests queued for one)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  }

  /** Times every answer by its route pattern (never the raw URL: tokens and ids stay out). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      this.requestDuration.observe(
        { method: request.method, route, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      if (request.method === 'POST' && route === '/api/users/signup') {
        this.signUps.inc({ outcome: status === 202 ? 'accepted' : 'refused' });
      } else if (request.method === 'POST' && route === '/api/users/signin') {
        this.signIns.inc({ outcome: status === 200 ? 'ok' : 'refused' });
      }
      done();
    });
  }

  /** The same transport, counting what it sends and what fails. */
  countMails(transport: MailTransport): MailTransport {
    return {
      send: async (mail) => {
        try {
          const result = await transport.send(mail);
          this.mails.inc({ result: 'sent' });
          return result;
        } catch (error) {
          const permanent = error instanceof MailDeliveryError && error.permanent;
          this.mails.inc({ result: permanent ? 'failed_permanent' : 'failed_transient' });
          throw error;
        }
      },
      close: () => transport.close(),
    };
  }

  /** Counts one webhook delivery attempt by how it ended. */
  countWebhookAttempt(outcome: WebhookAttemptOutcome): void {
    this.webhookAttempts.inc({ outcome });
  }

  /** Counts readings recorded from one source. */
  countReadings(source: ReadingSource, count: number): void {
    if (count > 0) this.readings.inc({ source }, count);
  }

  /** Serves GET /metrics on its own port; resolves once listening. */
  async listen(port: number, host: string): Promise<Server> {
    // Node's CommonJS module: importing it as an ES module reads every export of its namespace,
    // and one of them loads Node's whole fetch implementation (about 40 ms of every start).
    const { createServer } = process.getBuiltinModule('node:http');
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (body) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(body),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    return server;
  }
}
