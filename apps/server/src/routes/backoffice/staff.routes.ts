import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, StaffListQuerySchema, StaffListSchema } from '@portal/contract';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { listStaff } from '../../services/accounts/staff';
import { pageOf, rowsFor } from '../../services/paging';

export interface StaffRoutesDeps {
  db: Database;
  requireSession: preHandlerAsyncHookHandler;
}

/** The provider's side: staff only (a customer is refused 403 whatever their rules). */
export const staffRoutes =
  ({ db, requireSession }: StaffRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/backoffice/staff',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice')],
        schema: {
          tags: ['backoffice'],
          summary: "The provider's staff, by e-mail, a page at a time",
          querystring: StaffListQuerySchema,
          response: { 200: StaffListSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
        },
      },
      async (request) => {
        const { items, nextOffset } = pageOf(
          await listStaff(db, rowsFor(request.query)),
          request.query,
        );
        return { staff: items, nextOffset };
      },
    );
  };
