import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountRentTermsSchema, IdParamsSchema, RentTermsSchema } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { getAccountRentTerms, setRentTerms } from '../../services/drum-account/rent-terms';
import { errorResponses } from '../../http/error-responses';

export interface DrumAccountRoutesDeps {
  db: Database;
  settings: Settings;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = errorResponses(400, 401, 403, 404);

/** An account's drum rent terms: staff read them, a manager sets them. */
export const drumAccountRoutes =
  ({ db, settings, clock, requireSession }: DrumAccountRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/backoffice/accounts/:id/rent-terms',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice')],
        schema: {
          tags: ['backoffice'],
          summary: "An account's drum rent terms (its own, or the defaults)",
          params: IdParamsSchema,
          response: { 200: AccountRentTermsSchema, ...errors },
        },
      },
      async (request) => getAccountRentTerms(db, settings.drumRentDefaults, request.params.id),
    );

    app.put(
      '/api/backoffice/accounts/:id/rent-terms',
      {
        preHandler: [requireSession, requireAbility('manage', 'accounts')],
        schema: {
          tags: ['backoffice'],
          summary: "Set an account's drum rent terms: free days, then a monthly rate per drum",
          params: IdParamsSchema,
          body: RentTermsSchema,
          response: { 200: AccountRentTermsSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        return setRentTerms(db, {
          accountId: request.params.id,
          terms: request.body,
          actor: { userId: user.id, label: user.email },
          now: clock(),
        });
      },
    );
  };
