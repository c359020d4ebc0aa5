import type {
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ApiKeyScope } from '@portal/contract';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import { authenticateApiKey, type AuthenticatedApiKey } from '../services/integration/api-keys';
import type { Clock } from '../services/clock';
import { DomainError } from '../services/domain-error';
import {
  consumeRateLimits,
  readRateLimit,
  type RateLimit,
  type RateLimitState,
} from '../services/rate-limit';
import { writeRateLimitHeaders } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The machine's key, once `requireApiKey` ran. */
    apiKey: AuthenticatedApiKey | undefined;
    /** Where the key stands against its per-minute limit, once its call was counted. */
    apiKeyRateLimit: RateLimitState | undefined;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

export interface ApiKeyAuth {
  /**
   * preHandler of every /api/v1 route: `Authorization: Bearer <key>` names a live key (401
   * otherwise, with WWW-Authenticate; `auth.suspended` while its account is suspended,
   * `auth.key_expired` past the key's expiry or the end of its rotation's overlap) that holds
   * `scope` (403 otherwise). A cookie is never read here: a browser's session does not open the
   * machines' API.
   */
  requireApiKey(scope: ApiKeyScope): preHandlerAsyncHookHandler;
  /** Counts one call against the key's per-minute limit, or refuses it with 429. */
  consumeCall(request: FastifyRequest): Promise<void>;
  /**
   * onSend hook of every /api/v1 route: an answer to a call that presented a live key carries
   * the key's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`, whatever its status
   * (a refusal before the call was counted reads the limit without counting).
   */
  rateLimitHeaders: onSendHookHandler;
}

export function apiKeyAuth(db: Database, settings: Settings, clock: Clock): ApiKeyAuth {
  return {
    requireApiKey: (scope) => async (request: FastifyRequest, reply: FastifyReply) => {
      const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const key = presented ? await authenticateApiKey(db, presented, clock()) : undefined;
      if (!key || typeof key === 'string') {
        reply.header('www-authenticate', 'Bearer realm="api"');
        throw new DomainError(
          key === 'suspended'
            ? 'auth.suspended'
            : key === 'expired'
              ? 'auth.key_expired'
              : 'auth.unauthenticated',
        );
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
      const [state] = await db.transaction((tx) =>
        consumeRateLimits(tx, [keyLimit(key.id)], clock()),
      );
      request.apiKeyRateLimit = state;
    },
    rateLimitHeaders: async (request, reply, payload) => {
      if (reply.hasHeader('ratelimit-limit')) return payload;
      let state = request.apiKeyRateLimit;
      if (!state) {
        // Refused before its route ran (a body that does not parse or validate, a missing scope).
        const key = request.apiKey ?? (await presentedKey(request));
        if (key) state = await readRateLimit(db, keyLimit(key.id), clock());
      }
      if (state) writeRateLimitHeaders(reply, state);
      return payload;
    },
  };

  function keyLimit(keyId: string): RateLimit {
    return {
      bucket: `api-key:${keyId}`,
      max: settings.rateLimits.callsPerApiKeyPerMinute,
      windowSeconds: 60,
    };
  }

  async function presentedKey(request: FastifyRequest): Promise<AuthenticatedApiKey | undefined> {
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const key = presented ? await authenticateApiKey(db, presented, clock()) : undefined;
    return typeof key === 'string' ? undefined : key;
  }
}

/** The key `requireApiKey` put on the request; a route that forgot it answers 401. */
export function apiKeyOf(request: FastifyRequest): AuthenticatedApiKey {
  if (!request.apiKey) throw new DomainError('auth.unauthenticated');
  return request.apiKey;
}
