import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountItemParamsSchema,
  AccountParamsSchema,
  ApiErrorSchema,
  ApiKeyListQuerySchema,
  ApiKeyListSchema,
  CreateApiKeyRequestSchema,
  CreatedApiKeySchema,
  DrumDeviceSchema,
  SensorDeviceListQuerySchema,
  SensorDeviceListSchema,
  SetDrumDeviceRequestSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { Actor } from '../../services/accounts/audit';
import type { Clock } from '../../services/clock';
import {
  createApiKey,
  findAccount,
  listApiKeys,
  revokeApiKey,
} from '../../services/integration/api-keys';
import { listSensorDevices, setDrumDevice } from '../../services/integration/sensor-devices';

export interface AccountIntegrationRoutesDeps {
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

/**
 * Any account's machine integration, on the provider's side, through the services the account's
 * own admin uses: staff read its API keys and devices (`get backoffice`); managers create and
 * revoke keys and map devices (`manage accounts`). A customer is refused 403 whatever their
 * rules; an unknown account, or a key or drum of another account, is a 404. Every change is
 * written to the account's audit trail under the staff member's name.
 */
export const accountIntegrationRoutes =
  ({ db, clock, requireSession }: AccountIntegrationRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const read = [requireSession, requireAbility('get', 'backoffice')];
    const write = [requireSession, requireAbility('manage', 'accounts')];
    const tags = ['backoffice'];
    const actorOf = (request: FastifyRequest): Actor => {
      const user = sessionOf(request).user;
      return { userId: user.id, label: user.email };
    };
    /** The account the path names; an unknown one is `request.not_found`. */
    const accountOf = async (id: string) => (await findAccount(db, id)).id;

    app.get(
      '/api/backoffice/accounts/:id/api-keys',
      {
        preHandler: read,
        schema: {
          tags,
          summary: "An account's API keys (never the keys themselves), newest first",
          params: AccountParamsSchema,
          querystring: ApiKeyListQuerySchema,
          response: { 200: ApiKeyListSchema, ...errors },
        },
      },
      async (request) => listApiKeys(db, await accountOf(request.params.id), request.query),
    );

    app.post(
      '/api/backoffice/accounts/:id/api-keys',
      {
        preHandler: write,
        schema: {
          tags,
          summary:
            "Create an API key for one of the account's machines; the answer is the only time the key is shown",
          params: AccountParamsSchema,
          body: CreateApiKeyRequestSchema,
          response: { 201: CreatedApiKeySchema, ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const created = await createApiKey(db, {
          accountId: await accountOf(request.params.id),
          name: request.body.name,
          scopes: request.body.scopes,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(201).send(created);
      },
    );

    app.delete(
      '/api/backoffice/accounts/:id/api-keys/:itemId',
      {
        preHandler: write,
        schema: {
          tags,
          summary: "Revoke one of the account's API keys: the next call with it is refused",
          params: AccountItemParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await revokeApiKey(db, {
          accountId: request.params.id,
          id: request.params.itemId,
          actor: actorOf(request),
          now: clock(),
        });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/backoffice/accounts/:id/devices',
      {
        preHandler: read,
        schema: {
          tags,
          summary: "An account's LoRaWAN devices: those no drum is mapped to first",
          params: AccountParamsSchema,
          querystring: SensorDeviceListQuerySchema,
          response: { 200: SensorDeviceListSchema, ...errors },
        },
      },
      async (request) => listSensorDevices(db, await accountOf(request.params.id), request.query),
    );

    app.put(
      '/api/backoffice/accounts/:id/drums/:itemId/device',
      {
        preHandler: write,
        schema: {
          tags,
          summary: "Map a LoRaWAN device (its EUI) to one of the account's drums, or clear it",
          params: AccountItemParamsSchema,
          body: SetDrumDeviceRequestSchema,
          response: { 200: DrumDeviceSchema, ...errors },
        },
      },
      async (request) =>
        setDrumDevice(db, {
          accountId: request.params.id,
          drumId: request.params.itemId,
          devEui: request.body.devEui,
          actor: actorOf(request),
          now: clock(),
        }),
    );
  };
