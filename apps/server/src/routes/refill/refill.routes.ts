import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertSettingsSchema,
  AlertsResponseSchema,
  ApiErrorSchema,
  ConfirmAlertRecipientRequestSchema,
  ConfirmAlertRecipientResponseSchema,
  CreateReadingRequestSchema,
  DrumIdParamsSchema,
  DrumListResponseSchema,
  QuantityGraphQuerySchema,
  QuantityGraphSchema,
  ReadingIdempotencyHeadersSchema,
  ReadingSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { EncodedText, pickEncoding } from '../../http/content-encoding';
import { accountOf, sessionOf, sitesOf } from '../../http/session';
import { DomainError } from '../../services/domain-error';
import type { MailWorker } from '../../mail/worker';
import type { Clock } from '../../services/clock';
import { confirmAlertRecipient, listAlertRecipients } from '../../services/refill/alert-recipients';
import { getAlertSettings, saveAlertSettings } from '../../services/refill/alert-settings';
import { listActiveAlerts } from '../../services/refill/list-active-alerts';
import type { DrumOverviewCache } from '../../services/refill/drum-overview-cache';
import { listDrums } from '../../services/refill/list-drums';
import { getQuantityGraph } from '../../services/refill/quantity-graph';
import { recordReading } from '../../services/refill/record-reading';
import type { Translations } from '../../services/translations';
import { errorResponses } from '../../http/error-responses';

export interface RefillRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  /** Each account's overview as last computed; without it, every read computes it. */
  drumOverviews?: DrumOverviewCache<EncodedText>;
  requireSession: preHandlerAsyncHookHandler;
}

/**
 * Sends JSON the route's serializer already wrote, as the bytes kept of it: compressed in the
 * encoding the client takes (once per overview, not per request), else as is. A buffer goes
 * out without being serialised, encoded to UTF-8 or measured again.
 */
function sendJsonText(request: FastifyRequest, reply: FastifyReply, body: EncodedText) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body.encoded(encoding));
}

const errors = errorResponses(400, 401, 403, 404);
const readingErrors = errorResponses(400, 401, 403, 404, 409, 422);

/**
 * The refill screen's data: session, then the route's ability, then the account's rows within the
 * user's sites only.
 */
export const refillRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    mailWorker,
    requireSession,
    drumOverviews,
  }: RefillRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Reading needs `get refill`; a reading needs `order refill`; the alert settings, `update alerts`.
    const preHandler = [requireSession, requireAbility('get', 'refill')];
    const orderHandler = [requireSession, requireAbility('order', 'refill')];
    const alertsHandler = [
      requireSession,
      requireAbility('get', 'refill'),
      requireAbility('update', 'alerts'),
    ];

    app.get(
      '/api/refill/drums',
      {
        preHandler,
        // Its answer goes out as bytes kept with their compressed forms (sendJsonText).
        compress: false,
        schema: {
          tags: ['refill'],
          summary: "The account's drums with derived values",
          response: { 200: DrumListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const accountId = accountOf(request);
        const scope = sitesOf(request);
        const now = clock();
        const cached = accountId ? drumOverviews?.get(accountId, scope, now) : undefined;
        if (cached) return sendJsonText(request, reply, cached);
        const generation = drumOverviews?.generation ?? 0;
        const overview = await listDrums(db, accountId, now, scope, settings);
        const body = new EncodedText(String(reply.serialize(overview)), 'fast');
        if (accountId) drumOverviews?.set(accountId, scope, body, now, generation);
        return sendJsonText(request, reply, body);
      },
    );

    app.get(
      '/api/refill/drums/:id/qgraph',
      {
        preHandler,
        schema: {
          tags: ['refill'],
          summary: 'Remaining length over time (default: the last 180 days)',
          params: DrumIdParamsSchema,
          querystring: QuantityGraphQuerySchema,
          response: { 200: QuantityGraphSchema, ...errors },
        },
      },
      async (request) =>
        getQuantityGraph(db, {
          accountId: accountOf(request),
          drumId: request.params.id,
          ...request.query,
          now: clock(),
          sitesInScope: sitesOf(request),
        }),
    );

    app.post(
      '/api/refill/drums/:id/readings',
      {
        preHandler: orderHandler,
        schema: {
          tags: ['refill'],
          summary:
            'Record a manual reading; may raise an alert and queue its e-mail. A repeated Idempotency-Key answers the first reading',
          params: DrumIdParamsSchema,
          headers: ReadingIdempotencyHeadersSchema,
          body: CreateReadingRequestSchema,
          response: { 201: ReadingSchema, ...readingErrors },
        },
      },
      async (request, reply) => {
        const { reading, alertRaised, created } = await recordReading(
          db,
          { settings, translations },
          {
            accountId: accountOf(request),
            userId: sessionOf(request).user.id,
            drumId: request.params.id,
            input: request.body,
            now: clock(),
            sitesInScope: sitesOf(request),
            idempotencyKey: request.headers['idempotency-key'],
          },
        );
        if (alertRaised) mailWorker.poke();
        // The field app sends every reading with the key it drew when the reading was taken,
        // offline or not; the web pages' forms send none.
        if (created !== false) {
          app.metrics.countReadings(request.headers['idempotency-key'] ? 'offline' : 'web', 1);
        }
        return reply.code(201).send({ ...reading, readAt: reading.readAt.toISOString() });
      },
    );

    app.get(
      '/api/refill/alerts',
      {
        preHandler,
        schema: {
          tags: ['refill'],
          summary: 'Alert settings and active alerts',
          response: { 200: AlertsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const alertSettings = await getAlertSettings(db, accountOf(request));
        return {
          settings: alertSettings,
          recipients: await listAlertRecipients(db, accountOf(request), alertSettings.recipients),
          active: await listActiveAlerts(db, accountOf(request)),
        };
      },
    );

    app.put(
      '/api/refill/alerts',
      {
        preHandler: alertsHandler,
        schema: {
          tags: ['refill'],
          summary:
            'Save the alert settings; each new recipient outside the account gets one confirmation mail',
          body: AlertSettingsSchema,
          response: { 200: AlertSettingsSchema, ...errors, 429: ApiErrorSchema },
        },
      },
      async (request) => {
        const accountId = accountOf(request);
        if (!accountId) throw new DomainError('request.not_found');
        const saved = await saveAlertSettings(
          db,
          { settings, translations },
          {
            accountId,
            locale: sessionOf(request).user.locale,
            input: request.body,
            actor: { userId: sessionOf(request).user.id, label: sessionOf(request).user.email },
            now: clock(),
          },
        );
        if (saved.confirmationsQueued) mailWorker.poke();
        return saved.settings;
      },
    );

    // Public: the one-time link of a confirmation mail is all an outside recipient has.
    app.post(
      '/api/alerts/recipients/confirm',
      {
        schema: {
          tags: ['refill'],
          summary: 'Confirm an outside alert recipient by the token of its one-time link',
          body: ConfirmAlertRecipientRequestSchema,
          response: { 200: ConfirmAlertRecipientResponseSchema, 400: ApiErrorSchema },
        },
      },
      async (request) => confirmAlertRecipient(db, { token: request.body.token, now: clock() }),
    );
  };
