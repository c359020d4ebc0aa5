import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, CableProductListSchema, DrumTypeListSchema } from '@portal/contract';
import type { Database } from '../../db/client';
import { listCableProducts, listDrumTypes } from '../../services/catalog/list-catalog';

export interface CatalogRoutesDeps {
  db: Database;
  requireSession: preHandlerAsyncHookHandler;
}

/**
 * The calculator's reference data. Any signed-in user may read it: the calculator has
 * no permission check, so there is no ability check here either.
 */
export const catalogRoutes =
  ({ db, requireSession }: CatalogRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/catalog/products',
      {
        preHandler: requireSession,
        schema: {
          tags: ['catalog'],
          summary: 'Cable references, ordered by family then size',
          response: { 200: CableProductListSchema, 401: ApiErrorSchema },
        },
      },
      async () => listCableProducts(db),
    );

    app.get(
      '/api/catalog/drum-types',
      {
        preHandler: requireSession,
        schema: {
          tags: ['catalog'],
          summary: 'Standard drums, from the smallest flange to the largest',
          response: { 200: DrumTypeListSchema, 401: ApiErrorSchema },
        },
      },
      async () => listDrumTypes(db),
    );
  };
