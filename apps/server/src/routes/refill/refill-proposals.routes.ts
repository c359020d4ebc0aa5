import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ConfirmRefillProposalSchema,
  RefillProposalListSchema,
  RefillProposalParamsSchema,
  RefillRequestSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { safeTimeZone } from '../../services/refill/delivery-date';
import {
  confirmRefillProposal,
  dismissRefillProposal,
  listRefillProposals,
} from '../../services/refill/refill-proposals';
import type { Translations } from '../../services/translations';
import { notifyDepsOf } from '../../services/workflow/notify';

export interface RefillProposalsRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/**
 * The refills the portal proposes for the account's drums: reading needs `get refill`,
 * confirming (a refill request is sent) and dismissing need `order refill`.
 */
export const refillProposalsRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    requireSession,
  }: RefillProposalsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [requireSession, requireAbility('get', 'refill')];
    const orderHandler = [requireSession, requireAbility('order', 'refill')];
    const tags = ['refill'];

    app.get(
      '/api/refill/proposals',
      {
        preHandler,
        schema: {
          tags,
          summary: "The open proposed refills of the account's drums, soonest run-out first",
          response: { 200: RefillProposalListSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        return {
          proposals: await listRefillProposals(db, {
            accountId: user.accountId,
            userId: user.id,
            sitesInScope: user.siteIds,
            now: clock(),
          }),
        };
      },
    );

    app.post(
      '/api/refill/proposals/:id/confirm',
      {
        preHandler: orderHandler,
        schema: {
          tags,
          summary:
            'Confirm a proposed refill: it becomes a refill request; a replay answers the same request',
          params: RefillProposalParamsSchema,
          body: ConfirmRefillProposalSchema,
          response: { 200: RefillRequestSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        return confirmRefillProposal(db, translations, {
          accountId: user.accountId,
          userId: user.id,
          locale: user.locale,
          proposalId: request.params.id,
          input: request.body,
          timeZone: safeTimeZone(request.headers.timezone as string | undefined),
          sitesInScope: user.siteIds,
          notify: notifyDepsOf(settings, translations),
          now: clock(),
        });
      },
    );

    app.post(
      '/api/refill/proposals/:id/dismiss',
      {
        preHandler: orderHandler,
        schema: {
          tags,
          summary: 'Dismiss a proposed refill; a replay changes nothing',
          params: RefillProposalParamsSchema,
          body: z.object({}).optional(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        await dismissRefillProposal(db, {
          accountId: user.accountId,
          userId: user.id,
          proposalId: request.params.id,
          sitesInScope: user.siteIds,
          now: clock(),
        });
        return reply.code(204).send(null);
      },
    );
  };
