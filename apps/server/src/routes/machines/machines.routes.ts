import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdempotencyKeyHeadersSchema,
  LorawanIngestResponseSchema,
  LorawanUplinkSchema,
  MachineDrumListQuerySchema,
  MachineDrumListSchema,
  ReadingBatchRequestSchema,
  ReadingBatchResponseSchema,
  type ReadingBatchResponse,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { apiKeyAuth, apiKeyOf } from '../../http/api-key-auth';
import { errorAnswers } from '../../http/error-responses';
import type { MailWorker } from '../../mail/worker';
import type { Clock } from '../../services/clock';
import { touchApiKey } from '../../services/integration/api-keys';
import { findReplay, runOnce } from '../../services/integration/idempotency';
import { listMachineDrums } from '../../services/integration/machine-drums';
import { ingestLorawanUplink } from '../../services/integration/sensor-devices';
import { recordSensorReadings } from '../../services/integration/sensor-readings';
import type { Translations } from '../../services/translations';

export interface MachinesRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  /** Asks the webhook worker to look at once (readings may have queued drum events). */
  pokeWebhooks: () => void;
}

/** A batch of 1,000 readings is about 150 KiB of JSON; room for long serials and spacing. */
const READINGS_BODY_LIMIT = 1024 * 1024;
/** An uplink carries the metadata of every gateway that heard it. */
const UPLINK_BODY_LIMIT = 128 * 1024;

/** What any call with a key can be answered, besides its own refusals. */
const keyRefusals = {
  401: ['auth.unauthenticated', 'auth.key_expired', 'auth.suspended'],
  403: ['auth.forbidden'],
  429: ['request.rate_limited'],
} as const;
/**
 * ...and a call with a JSON body; a state-changing call that carries a cookie is held to the
 * Origin rule (the portal's), which a machine never meets.
 */
const bodyRefusals = {
  ...keyRefusals,
  403: ['auth.forbidden', 'request.forbidden_origin'],
  400: ['request.invalid', 'request.malformed_json'],
  413: ['request.too_large'],
  415: ['request.unsupported_media_type'],
} as const;
/** The codes a field of a body can be refused with (free text refuses control characters). */
const bodyFieldCodes = [
  'field.required',
  'field.invalid',
  'field.too_long',
  'field.too_short',
  'field.control_characters',
] as const;
const security = [{ bearer: [] }];

/**
 * The machines' API, /api/v1: a key in `Authorization: Bearer`, never a cookie; a stable
 * contract integrators build on, described by its own document (/api/v1/openapi.json).
 */
export const machinesRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    mailWorker,
    pokeWebhooks,
  }: MachinesRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = apiKeyAuth(db, settings, clock);
    app.decorateRequest('apiKey', undefined);
    app.decorateRequest('apiKeyRateLimit', undefined);
    // Last use is noted for calls that succeeded: a refused call writes nothing.
    app.addHook('onSend', async (request, reply) => {
      if (request.apiKey && reply.statusCode < 400)
        await touchApiKey(db, request.apiKey.id, clock());
    });
    app.addHook('onSend', auth.rateLimitHeaders);

    app.post(
      '/api/v1/readings',
      {
        bodyLimit: READINGS_BODY_LIMIT,
        preHandler: auth.requireApiKey('readings:write'),
        schema: {
          operationId: 'sendReadings',
          tags: ['readings'],
          summary: 'Send up to 1,000 sensor readings; each is accepted or rejected on its own',
          description:
            "Needs the `readings:write` scope. A reading gives `remainingLength` (m) or `remainingPercent`. An `Idempotency-Key` makes a retry safe for 24 hours: the same key answers the first result again (header `Idempotent-Replayed: true`); with another body it is refused with 422. Another account's drum is an `unknown_serial`, like a missing one.",
          security,
          headers: IdempotencyKeyHeadersSchema,
          body: ReadingBatchRequestSchema,
          response: {
            200: ReadingBatchResponseSchema,
            ...errorAnswers(
              { ...bodyRefusals, 422: ['request.idempotency_mismatch'] },
              bodyFieldCodes,
            ),
          },
        },
      },
      async (request, reply) => {
        const key = apiKeyOf(request);
        const call = {
          accountId: key.accountId,
          key: request.headers['idempotency-key'],
          operation: 'POST /api/v1/readings',
          body: request.body,
          now: clock(),
        };
        const replay = await findReplay<ReadingBatchResponse>(db, call);
        await auth.consumeCall(request);
        // The stored answer is this operation's own success (runOnce below keeps only a 200).
        if (replay) {
          return reply
            .code(replay.statusCode as 200)
            .header('idempotent-replayed', 'true')
            .send(replay.response);
        }
        let alertsRaised = 0;
        const answer = await runOnce<ReadingBatchResponse>(db, call, async (tx) => {
          const recorded = await recordSensorReadings(
            tx,
            { settings, translations },
            {
              accountId: key.accountId,
              siteIds: key.siteIds,
              apiKeyId: key.id,
              input: request.body.readings,
              now: call.now,
            },
          );
          alertsRaised = recorded.alertsRaised;
          return { statusCode: 200, response: recorded.response };
        });
        if (alertsRaised) {
          mailWorker.poke();
          pokeWebhooks();
        }
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        else app.metrics.countReadings('api', answer.response.accepted);
        return reply.code(answer.statusCode as 200).send(answer.response);
      },
    );

    app.get(
      '/api/v1/drums',
      {
        preHandler: auth.requireApiKey('drums:read'),
        schema: {
          operationId: 'listDrums',
          tags: ['drums'],
          summary: "The account's drums by serial, each with its latest reading",
          description: 'Needs the `drums:read` scope. Paged: `limit` (at most 200) from `offset`.',
          security,
          querystring: MachineDrumListQuerySchema,
          response: {
            200: MachineDrumListSchema,
            ...errorAnswers({ ...keyRefusals, 400: ['request.invalid'] }, [
              'field.invalid',
              'field.too_short',
              'field.too_long',
              'field.page_too_large',
            ]),
          },
        },
      },
      async (request) => {
        const key = apiKeyOf(request);
        await auth.consumeCall(request);
        return listMachineDrums(db, key, request.query);
      },
    );

    app.post(
      '/api/v1/ingest/lorawan',
      {
        bodyLimit: UPLINK_BODY_LIMIT,
        preHandler: auth.requireApiKey('readings:write'),
        schema: {
          operationId: 'ingestLorawanUplink',
          tags: ['lorawan'],
          summary: "The Things Stack's uplink webhook: one device's decoded payload",
          description: `Needs the \`readings:write\` scope (set the header \`Authorization: Bearer <key>\` in the webhook). The device EUI is mapped to a drum in the portal; an unknown device is kept in the account's device list (\`unmapped\`). An account keeps at most ${settings.quotas.unmappedDevicesPerAccount} devices that no drum is mapped to: past it, an uplink from a device the account has never heard is refused with 409 \`integration.too_many_unmapped_devices\` (devices already listed are still heard; map the waiting ones to their drums first). The payload formatter gives \`remainingLength\` (m) or \`remainingPercent\`, and optionally \`battery\` (%); the signal is the best gateway RSSI.`,
          security,
          body: LorawanUplinkSchema,
          response: {
            200: LorawanIngestResponseSchema,
            202: LorawanIngestResponseSchema,
            ...errorAnswers(
              { ...bodyRefusals, 409: ['integration.too_many_unmapped_devices'] },
              bodyFieldCodes,
            ),
          },
        },
      },
      async (request, reply) => {
        const key = apiKeyOf(request);
        await auth.consumeCall(request);
        const { answer, alertsRaised } = await ingestLorawanUplink(
          db,
          { settings, translations },
          {
            accountId: key.accountId,
            siteIds: key.siteIds,
            apiKeyId: key.id,
            uplink: request.body,
            now: clock(),
          },
        );
        if (alertsRaised) {
          mailWorker.poke();
          pokeWebhooks();
        }
        if (answer.status === 'accepted') app.metrics.countReadings('lorawan', 1);
        return reply.code(answer.status === 'unmapped' ? 202 : 200).send(answer);
      },
    );
  };
