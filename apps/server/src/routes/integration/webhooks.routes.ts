import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CreateWebhookEndpointRequestSchema,
  UpdateWebhookEndpointRequestSchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookEndpointIdParamsSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { requireIntegrationAdmin } from '../../http/integration-access';
import { requireRecentSignIn, sessionOf } from '../../http/session';
import type { Actor } from '../../services/accounts/audit';
import type { Clock } from '../../services/clock';
import { DomainError } from '../../services/domain-error';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhookMessage,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../services/integration/webhooks/webhook-endpoints';
import { checkWebhookAddress } from '../../services/integration/webhooks/public-address';
import type { WebhookSendOptions } from '../../services/integration/webhooks/send-webhook';
import { errorResponses } from '../../http/error-responses';

export interface WebhooksRoutesDeps {
  db: Database;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
  /** Asks the webhook worker to look at once (a redelivery was asked for). */
  pokeWorker: () => void;
  /** How deliveries are sent: an address they may not reach is refused when it is saved. */
  delivery?: Pick<WebhookSendOptions, 'allowPrivateAddresses'>;
}

const errors = errorResponses(400, 401, 403, 404);

/** The account's outgoing webhooks, for its admin: endpoints, secrets and the delivery log. */
export const webhooksRoutes =
  ({
    db,
    clock,
    requireSession,
    pokeWorker,
    delivery,
  }: WebhooksRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [requireSession, requireIntegrationAdmin()];
    // Changing where the account's events go, or their signing secret, asks a recent sign-in.
    const change = [...preHandler, requireRecentSignIn(clock)];
    const accountOf = (request: Parameters<typeof sessionOf>[0]) => {
      const accountId = sessionOf(request).user.accountId;
      if (!accountId) throw new DomainError('request.not_found');
      return accountId;
    };
    /** Who makes a change, as the account's audit trail names them. */
    const actorOf = (request: Parameters<typeof sessionOf>[0]): Actor => {
      const user = sessionOf(request).user;
      return { userId: user.id, label: user.email };
    };
    /** The account's endpoint that the path names (`:id`), and who acts on it. */
    const endpointOf = (request: Parameters<typeof sessionOf>[0] & { params: { id: string } }) => ({
      accountId: accountOf(request),
      id: request.params.id,
      actor: actorOf(request),
      now: clock(),
    });

    app.get(
      '/api/integration/webhooks',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: "The account's webhook endpoints (never their secrets), oldest first",
          response: { 200: WebhookEndpointListSchema, ...errors },
        },
      },
      async (request) => listWebhookEndpoints(db, accountOf(request), clock()),
    );

    app.post(
      '/api/integration/webhooks',
      {
        preHandler: change,
        schema: {
          tags: ['integration'],
          summary:
            'Register an https endpoint for events; the answer is the only time its secret is shown',
          body: CreateWebhookEndpointRequestSchema,
          response: { 201: WebhookEndpointWithSecretSchema, ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        await checkWebhookAddress(request.body.url, delivery);
        const created = await createWebhookEndpoint(db, {
          accountId: accountOf(request),
          actor: actorOf(request),
          input: request.body,
          now: clock(),
        });
        return reply.code(201).send(created);
      },
    );

    app.patch(
      '/api/integration/webhooks/:id',
      {
        preHandler: change,
        schema: {
          tags: ['integration'],
          summary: "Change an endpoint's events, address or description, or enable or disable it",
          params: WebhookEndpointIdParamsSchema,
          body: UpdateWebhookEndpointRequestSchema,
          response: { 200: WebhookEndpointSchema, ...errors },
        },
      },
      async (request) => {
        if (request.body.url !== undefined) await checkWebhookAddress(request.body.url, delivery);
        return updateWebhookEndpoint(db, { ...endpointOf(request), input: request.body });
      },
    );

    app.post(
      '/api/integration/webhooks/:id/rotate-secret',
      {
        preHandler: change,
        schema: {
          tags: ['integration'],
          summary:
            'Draw a new secret (shown once); the old one keeps signing beside it for 24 hours',
          params: WebhookEndpointIdParamsSchema,
          response: { 200: WebhookEndpointWithSecretSchema, ...errors },
        },
      },
      async (request) => rotateWebhookSecret(db, endpointOf(request)),
    );

    app.delete(
      '/api/integration/webhooks/:id',
      {
        preHandler: change,
        schema: {
          tags: ['integration'],
          summary: 'Delete an endpoint with its delivery log',
          params: WebhookEndpointIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteWebhookEndpoint(db, endpointOf(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/integration/webhooks/:id/deliveries',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: "The endpoint's messages, newest first, each with its attempts",
          params: WebhookEndpointIdParamsSchema,
          querystring: WebhookDeliveryListQuerySchema,
          response: { 200: WebhookDeliveryListSchema, ...errors },
        },
      },
      async (request) => listWebhookDeliveries(db, { ...endpointOf(request), page: request.query }),
    );

    app.post(
      '/api/integration/webhooks/:id/deliveries/:deliveryId/redeliver',
      {
        preHandler,
        schema: {
          tags: ['integration'],
          summary: 'Send a message again, with the same webhook-id and body',
          params: WebhookDeliveryParamsSchema,
          response: { 202: z.null(), ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        await redeliverWebhookMessage(db, {
          ...endpointOf(request),
          deliveryId: request.params.deliveryId,
          now: clock(),
        });
        pokeWorker();
        return reply.code(202).send(null);
      },
    );
  };
