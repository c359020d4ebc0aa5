import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ApiKeyListQuerySchema,
  ApiKeyListSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DrumDeviceSchema,
  RotateApiKeyRequestSchema,
  SensorDeviceListQuerySchema,
  SensorDeviceListSchema,
  SetDrumDeviceRequestSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireRecentSignIn, sessionOf } from '../../http/session';
import type { Actor } from '../../services/accounts/audit';
import type { Clock } from '../../services/clock';
import {
  apiKeyPolicy as presentPolicy,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from '../../services/integration/api-keys';
import { listSensorDevices, setDrumDevice } from '../../services/integration/sensor-devices';
import { errorResponses } from '../../http/error-responses';

/**
 * Where one account's integration endpoints hang and who may use them: the account's own admin
 * under `/api/integration`, or staff under an account of the back-office.
 */
export interface IntegrationEndpoints {
  db: Database;
  clock: Clock;
  /** The lifetime rules of the keys: longest lifetime, rotation overlap, warning. */
  apiKeyPolicy: Settings['apiKeys'];
  /** The path the endpoints hang under; it may name the account (`…/accounts/:id`). */
  base: string;
  tags: string[];
  /** What reading the keys and devices asks, and what creating, revoking and mapping asks. */
  read: preHandlerAsyncHookHandler[];
  write: preHandlerAsyncHookHandler[];
  /** The params of `base` alone, and of `base` with a key's or a drum's `:itemId`. */
  baseParams: z.ZodType<object>;
  itemParams: z.ZodType<{ itemId: string }>;
  /** The account the request acts on; one it may not see is `request.not_found`. */
  accountOf: (request: FastifyRequest) => Promise<string>;
}

const errors = errorResponses(400, 401, 403, 404);

const actorOf = (request: FastifyRequest): Actor => {
  const user = sessionOf(request).user;
  return { userId: user.id, label: user.email };
};

/**
 * An account's machine integration: its API keys (created, listed, revoked; a key is shown once)
 * and its LoRaWAN devices mapped to drums. Every change is written to the account's audit trail
 * under the name of whoever made it.
 */
export const integrationEndpoints =
  ({
    db,
    clock,
    apiKeyPolicy,
    base,
    tags,
    read,
    write,
    baseParams,
    itemParams,
    accountOf,
  }: IntegrationEndpoints): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/api-keys`,
      {
        preHandler: read,
        schema: {
          tags,
          summary: "The account's API keys (never the keys themselves), newest first",
          params: baseParams,
          querystring: ApiKeyListQuerySchema,
          response: { 200: ApiKeyListSchema, ...errors },
        },
      },
      async (request) => ({
        ...(await listApiKeys(db, await accountOf(request), request.query)),
        policy: presentPolicy(apiKeyPolicy),
      }),
    );

    app.post(
      `${base}/api-keys`,
      {
        preHandler: [...write, requireRecentSignIn(clock)],
        schema: {
          tags,
          summary: 'Create an API key for a machine; the answer is the only time the key is shown',
          description:
            'An `expiresAt` must lie ahead and within the longest lifetime the portal allows (`policy.maxLifetimeDays` of the list); left out, the key gets that lifetime, or none.',
          params: baseParams,
          body: CreateApiKeyRequestSchema,
          response: { 201: CreatedApiKeySchema, ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const created = await createApiKey(db, {
          accountId: await accountOf(request),
          name: request.body.name,
          scopes: request.body.scopes,
          expiresAt: request.body.expiresAt,
          policy: apiKeyPolicy,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(201).send(created);
      },
    );

    app.post(
      `${base}/api-keys/:itemId/rotate`,
      {
        // A rotation shows a new key, as a creation does: it asks for a recent sign-in too.
        preHandler: [...write, requireRecentSignIn(clock)],
        schema: {
          tags,
          summary: 'Rotate an API key: a new key, shown once; the old one works on for the overlap',
          description:
            'The new key has the same name and scopes. The old one keeps working for `policy.rotationOverlapHours` (or until its own expiry, if sooner), then is refused. A key is rotated once: its successor is rotated next.',
          params: itemParams,
          body: RotateApiKeyRequestSchema,
          response: { 201: CreatedApiKeySchema, ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const created = await rotateApiKey(db, {
          accountId: await accountOf(request),
          id: request.params.itemId,
          expiresAt: request.body.expiresAt,
          policy: apiKeyPolicy,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(201).send(created);
      },
    );

    app.delete(
      `${base}/api-keys/:itemId`,
      {
        preHandler: write,
        schema: {
          tags,
          summary: 'Revoke an API key: the next call with it is refused',
          params: itemParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeApiKey(db, {
          accountId: await accountOf(request),
          id: request.params.itemId,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(204).send(null);
      },
    );

    app.get(
      `${base}/devices`,
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'LoRaWAN devices heard or mapped: those no drum is mapped to first',
          params: baseParams,
          querystring: SensorDeviceListQuerySchema,
          response: { 200: SensorDeviceListSchema, ...errors },
        },
      },
      async (request) => listSensorDevices(db, await accountOf(request), request.query),
    );

    app.put(
      `${base}/drums/:itemId/device`,
      {
        preHandler: write,
        schema: {
          tags,
          summary: "Map a LoRaWAN device (its EUI) to a drum, or clear the drum's device",
          params: itemParams,
          body: SetDrumDeviceRequestSchema,
          response: { 200: DrumDeviceSchema, ...errors },
        },
      },
      async (request) =>
        setDrumDevice(db, {
          accountId: await accountOf(request),
          drumId: request.params.itemId,
          devEui: request.body.devEui,
          actor: actorOf(request),
          now: clock(),
        }),
    );
  };
