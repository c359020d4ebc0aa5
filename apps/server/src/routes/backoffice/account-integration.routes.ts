import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountItemParamsSchema, AccountParamsSchema } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import type { Clock } from '../../services/clock';
import { findAccount } from '../../services/integration/api-keys';
import { integrationEndpoints } from '../integration/integration-endpoints';

export interface AccountIntegrationRoutesDeps {
  db: Database;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
  apiKeyPolicy: Settings['apiKeys'];
}

/**
 * Any account's machine integration, on the provider's side, through the endpoints the account's
 * own admin uses: staff read its API keys and devices (`get backoffice`); managers create and
 * revoke keys and map devices (`manage accounts`). A customer is refused 403 whatever their
 * rules; an unknown account, or a key or drum of another account, is a 404.
 */
export const accountIntegrationRoutes = ({
  db,
  clock,
  requireSession,
  apiKeyPolicy,
}: AccountIntegrationRoutesDeps): FastifyPluginAsyncZod =>
  integrationEndpoints({
    db,
    clock,
    apiKeyPolicy,
    base: '/api/backoffice/accounts/:id',
    tags: ['backoffice'],
    read: [requireSession, requireAbility('get', 'backoffice')],
    write: [requireSession, requireAbility('manage', 'accounts')],
    baseParams: AccountParamsSchema,
    itemParams: AccountItemParamsSchema,
    accountOf: async (request: FastifyRequest) =>
      (await findAccount(db, AccountParamsSchema.parse(request.params).id)).id,
  });
