import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireIntegrationAdmin } from '../../http/integration-access';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { DomainError } from '../../services/domain-error';
import { integrationEndpoints } from './integration-endpoints';

export interface IntegrationRoutesDeps {
  db: Database;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
  apiKeyPolicy: Settings['apiKeys'];
}

/** The account's machine integration, for its admin: API keys and LoRaWAN devices. */
export const integrationRoutes = ({
  db,
  clock,
  requireSession,
  apiKeyPolicy,
}: IntegrationRoutesDeps): FastifyPluginAsyncZod => {
  const access = [requireSession, requireIntegrationAdmin()];
  return integrationEndpoints({
    db,
    clock,
    apiKeyPolicy,
    base: '/api/integration',
    tags: ['integration'],
    read: access,
    write: access,
    baseParams: z.object({}),
    itemParams: z.object({ itemId: z.uuid() }),
    accountOf: async (request: FastifyRequest) => {
      const accountId = sessionOf(request).user.accountId;
      if (!accountId) throw new DomainError('request.not_found');
      return accountId;
    },
  });
};
