import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@portal/contract';
import type { Database } from '../../db/client';

/**
 * GET /api/health: 200 when the database answers, 503 otherwise (load balancers read this), and
 * 503 `draining` once a shutdown has begun, so the load balancer stops sending new requests.
 */
export const healthRoutes =
  (db: Database, isDraining: () => boolean = () => false): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether this instance serves: 503 `draining` while it shuts down',
          response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
        },
      },
      async (request, reply) => {
        try {
          await db.execute(sql`select 1`);
          if (isDraining()) return reply.code(503).send({ status: 'draining', database: 'ok' });
          return { status: 'ok' as const, database: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'degraded', database: 'unreachable' });
        }
      },
    );
  };
