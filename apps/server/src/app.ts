import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { PrettyStream } from 'pino-pretty';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Settings } from './config/env';
import type { DatabaseHandle } from './db/client';
import { answerCompression, type EncodedText } from './http/content-encoding';
import { abilitiesRequiredBy } from './http/ability';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors';
import { Metrics } from './metrics/metrics';
import { buildVersion } from './config/build-version';
import { registerOpenApi } from './http/openapi';
import { isSafeMethod, registerRequestGuards } from './http/request-guards';
import { zodValidatorCompiler } from './http/request-validation';
import { AccessLog, requestFields } from './http/request-log';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers';
import { serializerCompiler } from './http/response-serializer';
import { registerSpa } from './http/spa';
import { catalogRoutes } from './routes/catalog/catalog.routes';
import { refillRoutes } from './routes/refill/refill.routes';
import { collectionsRoutes } from './routes/refill/collections.routes';
import { refillProposalsRoutes } from './routes/refill/refill-proposals.routes';
import { refillRequestsRoutes } from './routes/refill/refill-requests.routes';
import { sparePartsRoutes } from './routes/spareparts/spareparts.routes';
import { healthRoutes } from './routes/health/health.routes';
import { localesRoutes } from './routes/locales/locales.routes';
import { loadTranslations } from './services/translations';
import { identityLines } from './services/provider-identity';
import { signMail } from './services/mail/templates/layout';
import { devRoutes } from './routes/dev/dev.routes';
import { usersRoutes } from './routes/users/users.routes';
import { passkeysRoutes } from './routes/users/passkeys.routes';
import { integrationRoutes } from './routes/integration/integration.routes';
import { machinesRoutes } from './routes/machines/machines.routes';
import { accountIntegrationRoutes } from './routes/backoffice/account-integration.routes';
import { webhooksRoutes } from './routes/integration/webhooks.routes';
import { WebhookWorker } from './services/integration/webhooks/webhook-worker';
import { MqttIngestion } from './services/integration/mqtt-ingestion';
import type { WebhookSendOptions } from './services/integration/webhooks/send-webhook';
import { accountsRoutes } from './routes/backoffice/accounts.routes';
import { registrationsRoutes } from './routes/backoffice/registrations.routes';
import { staffRoutes } from './routes/backoffice/staff.routes';
import { inboxRoutes } from './routes/backoffice/inbox.routes';
import { notificationsRoutes } from './routes/notifications/notifications.routes';
import { liveRoutes } from './routes/live/live.routes';
import { LIVE_EVENTS_CHANNEL, LiveHub } from './services/live/live-hub';
import { teamRoutes } from './routes/team/team.routes';
import { drumAccountRoutes } from './routes/drum-account/drum-account.routes';
import { exportRoutes } from './routes/documents/exports.routes';
import { documentRoutes } from './routes/documents/documents.routes';
import { ssoRoutes } from './routes/sso/sso.routes';
import { resealAccountSsoSecrets } from './services/auth/sso/account-sso';
import { IdentityProviderClients } from './services/auth/sso/identity-providers';
import { registerSessions } from './http/session';
import { DRUM_CHANGES_CHANNEL, DrumOverviewCache } from './services/refill/drum-overview-cache';
import { startScheduledJobs } from './mail/scheduled-jobs';
import { SessionActivity } from './services/auth/session-activity';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './services/auth/session-cache';
import { MailWorker } from './mail/worker';
import {
  createDevMailboxTransport,
  createSmtpTransport,
  type MailTransport,
} from './mail/transports';
import { systemClock, type Clock } from './services/clock';
import { attachmentStoreFor } from './services/refill/attachment-store';

export interface AppDependencies {
  settings: Settings;
  database: DatabaseHandle;
  /** Time source of the services; tests pass a controllable one. */
  clock?: Clock;
  /** Mail delivery; default: SMTP when SMTP_URL is set, else the dev mailbox. */
  mailTransport?: MailTransport;
  /**
   * Tests drive the mail and webhook workers by hand (`app.mailWorker.runOnce()`,
   * `app.webhookWorker.runOnce()`).
   */
  startMailWorker?: boolean;
  /**
   * Keep each account's drum overview until a change is announced (default). Tests that write
   * to the database behind the server's back and read at once turn it off: an announcement
   * from another connection arrives a moment after the write.
   */
  cacheDrumOverviews?: boolean;
  /** How webhooks are sent; tests trust their receiver's certificate and reach loopback. */
  webhookDelivery?: WebhookSendOptions;
}

/** A route as the router holds it: the suites that must cover every endpoint walk these. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The abilities its requireAbility checks ask for (each must hold); none for most reads. */
  abilities: (readonly [action: string, subject: string])[];
}

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
    webhookWorker: WebhookWorker;
    /** Sensor uplinks taken from the MQTT broker; undefined without MQTT_URL. */
    mqttIngestion: MqttIngestion | undefined;
    /** Prometheus metrics; served on METRICS_PORT by server.ts when it is set. */
    metrics: Metrics;
    /** Every route registered, in order (HEAD twins of GET routes included). */
    registeredRoutes: readonly RegisteredRoute[];
    /**
     * First step of a shutdown: /api/health answers 503 `draining` and every answer closes its
     * connection, while requests are still served, so a load balancer moves traffic away before
     * the server stops listening (server.ts waits SHUTDOWN_DRAIN_SECONDS, then closes).
     */
    startDraining(): void;
  }
}

let stdoutDestination: ReturnType<typeof pino.destination> | undefined;

/**
 * Log lines go to stdout without blocking the request that writes them: lines written while a
 * write is under way are joined into the next one (pino flushes what is left when the process
 * exits). A synchronous write per line cost a third of what a route could answer under load.
 * One destination per process, however many apps it builds (tests build many).
 */
async function logDestination(settings: Settings) {
  // A person reading a terminal in dev gets readable lines; anything else (a file, a log
  // collector, production) gets one JSON object per line.
  if (settings.appEnv === 'dev' && process.stdout.isTTY) return prettyDestination();
  stdoutDestination ??= pino.destination({ dest: 1, sync: false });
  return stdoutDestination;
}

let prettyStream: PrettyStream | undefined;
/** Loaded only for a terminal: the formatter takes a tenth of a second to load. */
async function prettyDestination() {
  const { default: pinoPretty } = await import('pino-pretty');
  prettyStream ??= pinoPretty({
    colorize: true,
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return prettyStream;
}

/** JSON bodies above this size are refused with 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT = 16 * 1024;

/** Builds the HTTP application: API under /api, the SPA for every other path. */
export async function buildApp({
  settings,
  database,
  clock = systemClock,
  mailTransport,
  startMailWorker = true,
  cacheDrumOverviews = true,
  webhookDelivery,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: settings.logLevel,
      // A request is logged as method, URL without its sign-in token, host and address: never
      // its headers (cookies) or body. That, not pino's redaction (a copy of every line's
      // objects, for paths these fields never have), is what keeps secrets out of the log.
      serializers: { req: requestFields },
      stream: await logDestination(settings),
    },
    logController: new AccessLog(),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: settings.trustProxy,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    frameworkErrors: frameworkErrors(securityHeaders(settings)),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route: the list is what tests check the API surface against, so no endpoint can
  // exist without being fuzzed and access-tested.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const abilities = abilitiesRequiredBy(route.preHandler);
    for (const method of [route.method].flat()) {
      registeredRoutes.push({ method, url: route.url, abilities });
    }
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart, per route) is accepted: anything else is a 415.
  app.removeContentTypeParser(['text/plain']);

  // While shutting down, each answer closes its connection, so keep-alive sockets do not hold
  // the server open after the in-flight requests are done.
  let closing = false;
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
    closing = true;
  });
  // Browsers open sockets ahead of need (preconnect) that may never carry a request. Node's
  // close ends idle keep-alive sockets but waits its 60 s headers timeout on these, so a
  // shutdown (or a test server's close) would hang for a minute: they are ended here.
  const openSockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    openSockets.add(socket);
    socket.once('close', () => openSockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of openSockets) if (socket.bytesRead === 0) socket.destroy();
  });
  // Synchronous hooks: they run on every request, and an async one costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const metrics = new Metrics(database, { buildVersion });
  app.decorate('metrics', metrics);
  metrics.observe(app);

  registerErrorHandling(app);
  // JSON and HTML above 1 KiB, brotli or gzip as the client asks; the built assets are served
  // already compressed (@fastify/static's preCompressed), which this leaves alone.
  // A route without a request body has nothing to decompress: it gets no hook for that (one
  // per request otherwise, on every read). Set before the plugin's own onRoute hook reads it.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress ??= false;
    }
  });
  await app.register(fastifyCompress, answerCompression);
  registerSecurityHeaders(app, settings);
  registerRequestGuards(app, settings);
  await registerOpenApi(app, settings);

  const translations = loadTranslations();
  const db = database.db;
  const files = attachmentStoreFor(database.kind, settings.dataDir);
  const devMode = settings.appEnv === 'dev' && !settings.smtpUrl;
  // In dev without SMTP the outbox row is the mail the developer reads in the dev mailbox.
  const deliversToDevMailbox = devMode && !mailTransport;
  const transport = metrics.countMails(
    mailTransport ??
      (settings.smtpUrl
        ? createSmtpTransport(settings.smtpUrl)
        : createDevMailboxTransport(app.log)),
  );
  const mailWorker = new MailWorker({
    db,
    transport,
    from: settings.mailFrom,
    log: app.log,
    clock,
    leaseSeconds: settings.mailLeaseSeconds,
    keepFinishedBodies: deliversToDevMailbox,
    sign: (mail) => {
      const { name, details } = identityLines(settings.provider, translations, mail.locale);
      return signMail(mail, [name, ...details]);
    },
  });
  app.decorate('mailWorker', mailWorker);
  const webhookWorker = new WebhookWorker({
    db,
    clock,
    log: app.log,
    translations,
    publicUrl: settings.publicUrl.toString(),
    onMailQueued: () => mailWorker.poke(),
    send: webhookDelivery,
    onAttempt: (outcome) => metrics.countWebhookAttempt(outcome),
  });
  app.decorate('webhookWorker', webhookWorker);
  const mqttIngestion =
    settings.mqtt &&
    new MqttIngestion({
      db,
      mqtt: settings.mqtt,
      deps: { settings, translations },
      clock,
      log: app.log,
      onAlertsRaised: () => {
        mailWorker.poke();
        webhookWorker.poke();
      },
      onReadingsRecorded: (count) => metrics.countReadings('mqtt', count),
    });
  app.decorate('mqttIngestion', mqttIngestion);
  // Every request of a signed-in user would otherwise read its session and user: they are
  // cached, and forgotten whenever the database announces a change to them, whoever made it.
  const sessionCache = new SessionCache();
  // What changed, for the screens that show it live: each tab's event stream hears what its
  // person may read, whichever instance wrote it.
  const liveHub = new LiveHub(database.db, (error) =>
    app.log.error({ err: error }, 'live events: could not read the database'),
  );
  await database.listen(LIVE_EVENTS_CHANNEL, {
    onMessage: (payload) => liveHub.announce(payload),
    onLost: () => app.log.warn('lost the database connection that hears live events'),
    onBack: () => liveHub.resetAll(),
  });
  await database.listen(SESSION_CHANGES_CHANNEL, {
    onMessage: (payload) => {
      sessionCache.forgetAnnounced(payload);
      // After the cache forgot it: a stream whose session ended is closed.
      liveHub.sessionChanged(payload);
    },
    onLost: () => {
      app.log.warn('lost the database connection that hears session changes; not caching');
      sessionCache.stopTrusting();
    },
    onBack: () => {
      app.log.info('hearing session changes again; caching sessions');
      sessionCache.startTrusting();
    },
  });
  const drumOverviews = cacheDrumOverviews ? new DrumOverviewCache<EncodedText>() : undefined;
  if (drumOverviews) {
    await database.listen(DRUM_CHANGES_CHANNEL, {
      onMessage: (payload) => drumOverviews.forgetAnnounced(payload),
      onLost: () => drumOverviews.stopTrusting(),
      onBack: () => drumOverviews.startTrusting(),
    });
    // What a request changed is read back at once by its user: whatever it changed, the
    // overviews are computed again from the next read on.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!isSafeMethod(request.method)) drumOverviews.forgetAll();
      done(null, payload);
    });
  }
  const ssoClients = new IdentityProviderClients(settings.secretKeys);
  const resealed = await resealAccountSsoSecrets(db, settings.secretKeys);
  if (resealed) app.log.info({ resealed }, 'client secrets sealed again under the current key');
  const sessionActivity = new SessionActivity(db, (error) =>
    app.log.error({ err: error }, "could not write the sessions' last use"),
  );
  const { cookies, requireSession } = await registerSessions(app, settings, db, clock, {
    cache: sessionCache,
    activity: sessionActivity,
  });

  await app.register(healthRoutes(db, () => draining));
  await app.register(localesRoutes(translations));
  await app.register(
    usersRoutes({
      db,
      settings,
      translations,
      clock,
      mailWorker,
      cookies,
      requireSession,
      sessionCache,
      sessionActivity,
    }),
  );
  await app.register(
    passkeysRoutes({ db, settings, clock, cookies, requireSession, sessionCache }),
  );
  await app.register(catalogRoutes({ db, requireSession }));
  await app.register(
    refillRoutes({
      db,
      settings,
      translations,
      clock,
      mailWorker,
      requireSession,
      drumOverviews,
    }),
  );
  await app.register(
    refillRequestsRoutes({ db, files, settings, translations, clock, requireSession }),
  );
  await app.register(
    collectionsRoutes({ db, settings, translations, clock, mailWorker, requireSession }),
  );
  await app.register(refillProposalsRoutes({ db, settings, translations, clock, requireSession }));
  await app.register(sparePartsRoutes({ db, settings, translations, clock, requireSession }));
  const apiKeyPolicy = settings.apiKeys;
  await app.register(integrationRoutes({ db, clock, requireSession, apiKeyPolicy }));
  await app.register(accountIntegrationRoutes({ db, clock, requireSession, apiKeyPolicy }));
  await app.register(
    webhooksRoutes({
      db,
      clock,
      requireSession,
      pokeWorker: () => webhookWorker.poke(),
      delivery: webhookDelivery,
    }),
  );
  await app.register(
    machinesRoutes({
      db,
      settings,
      translations,
      clock,
      mailWorker,
      pokeWebhooks: () => webhookWorker.poke(),
    }),
  );
  await app.register(
    staffRoutes({ db, settings, translations, mailWorker, clock, requireSession, sessionCache }),
  );
  await app.register(drumAccountRoutes({ db, settings, clock, requireSession }));
  await app.register(exportRoutes({ db, settings, translations, clock, requireSession }));
  await app.register(documentRoutes({ db, settings, translations, clock, requireSession }));
  await app.register(
    accountsRoutes({
      db,
      settings,
      translations,
      mailWorker,
      clock,
      requireSession,
      sessionCache,
    }),
  );
  await app.register(
    registrationsRoutes({
      db,
      settings,
      translations,
      clock,
      mailWorker,
      requireSession,
      sessionCache,
    }),
  );
  await app.register(
    inboxRoutes({ db, files, settings, translations, clock, mailWorker, requireSession }),
  );
  await app.register(notificationsRoutes({ db, clock, requireSession }));
  await app.register(
    ssoRoutes({ db, settings, clock, clients: ssoClients, cookies, requireSession, sessionCache }),
  );
  await app.register(
    liveRoutes({
      db,
      settings,
      clock,
      hub: liveHub,
      cookies,
      requireSession,
      resolution: { cache: sessionCache, activity: sessionActivity },
    }),
  );
  await app.register(
    teamRoutes({
      db,
      settings,
      translations,
      clock,
      mailWorker,
      cookies,
      requireSession,
      sessionCache,
    }),
  );
  if (devMode) await app.register(devRoutes(db, sessionCache));

  await registerSpa(app, settings);

  if (mqttIngestion) app.addHook('onReady', async () => mqttIngestion.start());
  app.addHook('onReady', async () => liveHub.start());
  let stopScheduledJobs = () => {};
  if (startMailWorker) {
    app.addHook('onReady', async () => {
      mailWorker.start();
      webhookWorker.start();
      stopScheduledJobs = startScheduledJobs({
        db,
        settings,
        translations,
        clock,
        mailWorker,
        log: app.log,
        ssoClients,
        sessionCache,
      });
    });
  }
  app.addHook('onClose', async () => {
    stopScheduledJobs();
    await mqttIngestion?.stop();
    await webhookWorker.stop();
    await mailWorker.stop();
    await sessionActivity.stop();
    await database.close();
  });
  return app;
}
