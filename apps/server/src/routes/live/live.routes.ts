import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PresenceRequestSchema,
  PresenceSchema,
  sideOf,
  WorkItemParamsSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { abilityOf, requireAbility } from '../../http/ability';
import { errorResponses } from '../../http/error-responses';
import { eventStreamAnswer } from '../../http/file-answers';
import { sessionOf, type SessionCookies } from '../../http/session';
import type { UserRow } from '../../services/auth/active-session';
import { resolveSession, type SessionResolution } from '../../services/auth/sessions';
import type { Clock } from '../../services/clock';
import { DomainError } from '../../services/domain-error';
import type { Listener } from '../../services/live/live-audience';
import type { LiveHub, LiveStream } from '../../services/live/live-hub';
import { leavePresence, notePresence, presenceOn } from '../../services/live/presence';

export interface LiveRoutesDeps {
  db: Database;
  settings: Pick<Settings, 'rateLimits'>;
  clock: Clock;
  hub: LiveHub;
  cookies: SessionCookies;
  requireSession: preHandlerAsyncHookHandler;
  /** How the stream's session is read again after a change to it: as every request reads it. */
  resolution: SessionResolution;
}

/** Who a stream's person is, for the events they may hear. */
export function listenerOf(user: UserRow): Listener {
  const isStaff = sideOf(user.role) === 'staff';
  return {
    userId: user.id,
    readsInbox: isStaff && abilityOf(user).can('get', 'backoffice'),
    accountId: isStaff ? null : user.accountId,
    siteIds: user.siteIds ?? null,
  };
}

/** A client that reads more slowly than this is behind is cut off; it resumes when it can. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** How long a browser waits before connecting again after the stream dropped. */
const RETRY_MS = 3000;

/**
 * The live event stream of a signed-in tab (Server-Sent Events), and who is on an item's page.
 * The stream says what changed, never the data; the screens read that through their routes.
 */
export const liveRoutes =
  ({
    db,
    settings,
    clock,
    hub,
    cookies,
    requireSession,
    resolution,
  }: LiveRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preClose', async () => hub.closeAll());

    app.get(
      '/api/live',
      {
        // A HEAD would hold a stream open like a GET, to send no body.
        exposeHeadRoute: false,
        preHandler: requireSession,
        schema: {
          tags: ['live'],
          summary:
            'The Server-Sent Events of what changed that the person may read (kind, id, version), resumed after Last-Event-ID; a comment every 25 s; ends when the session does',
          headers: z.object({ 'last-event-id': z.string().max(40).optional() }),
          response: {
            200: eventStreamAnswer('Events, each a `data:` line of JSON with its `id:`'),
            ...errorResponses(401, 429),
          },
        },
      },
      async (request: FastifyRequest<{ Headers: { 'last-event-id'?: string } }>, reply) => {
        const session = sessionOf(request);
        if (hub.streamsOf(session.user.id) >= settings.rateLimits.liveStreamsPerUser) {
          throw new DomainError('request.rate_limited');
        }
        const token = cookies.read(request) ?? '';
        const raw = reply.raw;
        reply.hijack();
        // The headers set so far (the request id, a renewed session cookie) go out too.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) raw.setHeader(name, value);
        }
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          // Never kept, never transformed (compressed, buffered) on the way.
          'cache-control': 'no-store, no-transform',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
          connection: 'keep-alive',
        });
        raw.write(`retry: ${RETRY_MS}\n\n`);
        raw.socket?.setNoDelay(true);
        let isOpen = true;
        const stream: LiveStream = {
          listener: listenerOf(session.user),
          sessionId: session.sessionId,
          sink: {
            write: (text: string) => {
              if (!isOpen) return;
              if (raw.writableLength > MAX_BUFFERED_BYTES) end();
              else raw.write(text);
            },
            end,
          },
          recheck: async () => {
            const now = await resolveSession(db, token, clock(), resolution);
            return now ? listenerOf(now.user) : undefined;
          },
        };
        function end() {
          if (!isOpen) return;
          isOpen = false;
          hub.remove(stream);
          raw.end();
        }
        raw.on('close', end);
        await hub.open(stream, request.headers['last-event-id']);
        if (!isOpen) hub.remove(stream);
      },
    );

    const read = [requireSession, requireAbility('get', 'backoffice')];
    const presencePath = '/api/backoffice/items/:id/presence';

    app.get(
      presencePath,
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary: "The other staff members on an item's page, and whether each is typing",
          params: WorkItemParamsSchema,
          response: { 200: PresenceSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) =>
        presenceOn(db, {
          itemId: request.params.id,
          userId: sessionOf(request).user.id,
          now: clock(),
        }),
    );

    app.put(
      presencePath,
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary:
            "Say the asker is on an item's page, typing or not (for 30 s: the page says it again); answers who else is",
          params: WorkItemParamsSchema,
          body: PresenceRequestSchema,
          response: { 200: PresenceSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        notePresence(db, {
          itemId: request.params.id,
          userId: sessionOf(request).user.id,
          isTyping: request.body.isTyping,
          now: clock(),
        }),
    );

    app.delete(
      presencePath,
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary: "Say the asker left an item's page",
          params: WorkItemParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        await leavePresence(db, { itemId: request.params.id, userId: sessionOf(request).user.id });
        return reply.code(204).send(null);
      },
    );
  };
