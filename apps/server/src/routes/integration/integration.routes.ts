import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ApiKeyIdParamsSchema,
  ApiKeyListQuerySchema,
  ApiKeyListSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DrumDeviceSchema,
  DrumIdParamsSchema,
  SensorDeviceListQuerySchema,
  SensorDeviceListSchema,
  SetDrumDeviceRequestSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { requireIntegrationAdmin } from '../../http/integration-access';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { DomainError } from '../../services/domain-error';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/integration/api-keys';
import { listSensorDevices, setDrumDevice } from '../../services/integration/sensor-devices';

export interface IntegrationRoutesDeps {
  db: Database;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** The account's machine integration, for its admin: API keys and LoRaWAN devices. */
export const integrationRoutes =
  ({ db, clock, requireSession }: IntegrationRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [requireSession, requireIntegrationAdmin()];
    const accountOf = (request: Parameters<typeof sessionOf>[0]) => {
      const accountId = sessionOf(request).user.accountId;
      if (!accountId) throw new DomainError('request.not_found');
      return accountId;
    };
    const actorOf = (request: Parameters<typeof sessionOf>[0]) => {
      const user = sessionOf(request).user;
      return { userId: user.id, label: user.email };
    };

    app.get(
      '/api/integration/api-keys',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: "The account's API keys (never the keys themselves), newest first",
          querystring: ApiKeyListQuerySchema,
          response: { 200: ApiKeyListSchema, ...errors },
        },
      },
      async (request) => listApiKeys(db, accountOf(request), request.query),
    );

    app.post(
      '/api/integration/api-keys',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: 'Create an API key for a machine; the answer is the only time the key is shown',
          body: CreateApiKeyRequestSchema,
          response: { 201: CreatedApiKeySchema, ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const created = await createApiKey(db, {
          accountId: accountOf(request),
          name: request.body.name,
          scopes: request.body.scopes,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(201).send(created);
      },
    );

    app.delete(
      '/api/integration/api-keys/:id',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: 'Revoke an API key: the next call with it is refused',
          params: ApiKeyIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeApiKey(db, {
          accountId: accountOf(request),
          id: request.params.id,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/integration/devices',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: 'LoRaWAN devices heard or mapped: those no drum is mapped to first',
          querystring: SensorDeviceListQuerySchema,
          response: { 200: SensorDeviceListSchema, ...errors },
        },
      },
      async (request) => listSensorDevices(db, accountOf(request), request.query),
    );

    app.put(
      '/api/integration/drums/:id/device',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: "Map a LoRaWAN device (its EUI) to the drum, or clear the drum's device",
          params: DrumIdParamsSchema,
          body: SetDrumDeviceRequestSchema,
          response: { 200: DrumDeviceSchema, ...errors },
        },
      },
      async (request) =>
        setDrumDevice(db, {
          accountId: accountOf(request),
          drumId: request.params.id,
          devEui: request.body.devEui,
          actor: actorOf(request),
          now: clock(),
        }),
    );
  };
