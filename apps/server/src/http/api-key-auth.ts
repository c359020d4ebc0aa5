import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ApiKeyScope } from '@portal/contract';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import { authenticateApiKey, type AuthenticatedApiKey } from '../services/integration/api-keys';
import type { Clock } from '../services/clock';
import { DomainError } from '../services/domain-error';
import { consumeRateLimits } from '../services/rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The machine's key, once `requireApiKey` ran. */
    apiKey: AuthenticatedApiKey | undefined;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

export interface ApiKeyAuth {
  /**
   * preHandler of every /api/v1 route: `Authorization: Bearer <key>` names a live key (401
   * otherwise, with WWW-Authenticate; `auth.suspended` while its account is suspended) that holds
   * `scope` (403 otherwise). A cookie is never read here: a browser's session does not open the
   * machines' API.
   */
  requireApiKey(scope: ApiKeyScope): preHandlerAsyncHookHandler;
  /** Counts one call against the key's per-minute limit, or refuses it with 429. */
  consumeCall(request: FastifyRequest): Promise<void>;
}

export function apiKeyAuth(db: Database, settings: Settings, clock: Clock): ApiKeyAuth {
  return {
    requireApiKey: (scope) => async (request: FastifyRequest, reply: FastifyReply) => {
      const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const key = presented ? await authenticateApiKey(db, presented) : undefined;
      if (!key || key === 'suspended') {
        reply.header('www-authenticate', 'Bearer realm="api"');
        throw new DomainError(key ? 'auth.suspended' : 'auth.unauthenticated');
      }
      if (!key.scopes.includes(scope)) {
        reply.header(
          'www-authenticate',
          `Bearer realm="api", error="insufficient_scope", scope="${scope}"`,
        );
        throw new DomainError('auth.forbidden');
      }
      request.apiKey = key;
    },
    consumeCall: async (request) => {
      const key = apiKeyOf(request);
      await db.transaction((tx) =>
        consumeRateLimits(
          tx,
          [
            {
              bucket: `api-key:${key.id}`,
              max: settings.rateLimits.callsPerApiKeyPerMinute,
              windowSeconds: 60,
            },
          ],
          clock(),
        ),
      );
    },
  };
}

/** The key `requireApiKey` put on the request; a route that forgot it answers 401. */
export function apiKeyOf(request: FastifyRequest): AuthenticatedApiKey {
  if (!request.apiKey) throw new DomainError('auth.unauthenticated');
  return request.apiKey;
}
