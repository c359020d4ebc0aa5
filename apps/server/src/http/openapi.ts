import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookEventTypes, webhookPayloadSchemas } from '@portal/contract';
import type { Settings } from '../config/env';
import { finishDocument, type Document } from './openapi-document';

/** The machines' API: its own document, its own version, a bearer key instead of a session. */
const MACHINES_PREFIX = '/api/v1/';

function withPaths(document: Document, keep: (path: string) => boolean): Document['paths'] {
  return Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => keep(path)));
}

/**
 * The OpenAPI 3.1 documents are generated from the routes' zod schemas (packages/contract), so
 * they cannot drift from what the server validates. The portal's document and its browsable
 * reference do not exist in prd: a production server does not hand out a map of itself. The
 * machines' document (/api/v1/openapi.json) does, everywhere: integrators build on it.
 */
export async function registerOpenApi(app: FastifyInstance, settings: Settings): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Customer portal API',
        version: '1.0.0',
        description:
          'Every state-changing call needs a same-origin Origin header and a JSON body. Errors are { message, errors? } with codes from the errors namespace.',
        contact: contactOf(settings),
      },
      servers: [{ url: settings.publicUrl.origin }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
          bearer: { type: 'http', scheme: 'bearer', description: 'An API key (cpk_…)' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas the contract names (`.meta({ id })`) become components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });

  let machines: Document | undefined;
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => {
    machines ??= finishDocument(machinesDocument(app.swagger() as unknown as Document, settings), {
      machine: true,
    });
    return machines;
  });

  if (settings.appEnv === 'prd') return;
  let portal: Document | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const full = app.swagger() as unknown as Document;
    portal ??= finishDocument(
      { ...full, paths: withPaths(full, (path) => !path.startsWith(MACHINES_PREFIX)) },
      { machine: false },
    );
    return portal;
  });

  // Loaded only where it is served (not in prd).
  await app.register(import('@fastify/swagger-ui'), {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: () =>
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
}

/** Who answers an integrator's question: the provider's support. */
function contactOf(settings: Settings): Record<string, string> {
  const { name, email } = settings.provider;
  return { name, url: settings.publicUrl.origin, ...(email ? { email } : {}) };
}

function machinesDocument(full: Document, settings: Settings): Document {
  const securitySchemes = (full.components?.securitySchemes ?? {}) as Record<string, unknown>;
  return {
    ...full,
    info: {
      title: 'Customer portal machine API',
      version: '1.0.0',
      contact: contactOf(settings),
      description:
        'For sensors, gateways and ERPs. Every call carries `Authorization: Bearer <key>` (an API key an account admin creates in the portal, with the scopes `readings:write` and/or `drums:read`); no cookie, no Origin header. A missing, wrong or revoked key answers 401 (`auth.suspended` while the account is suspended), a key without the scope 403, too many calls 429 with Retry-After. A key sees no more than the person who made it can see now: only the drums of their sites, no readings once they may no longer order, and nothing (401) once they left the account. Errors are { message, errors? }.',
    },
    servers: [{ url: settings.publicUrl.origin }],
    security: [{ bearer: [] }],
    paths: withPaths(full, (path) => path.startsWith(MACHINES_PREFIX)),
    webhooks: webhooksSection(),
    components: { ...full.components, securitySchemes: { bearer: securitySchemes.bearer } },
  };
}

const webhookHeaders = [
  {
    name: 'webhook-id',
    description: 'The message id (`msg_…`): the same on every attempt, to drop duplicates.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    description: 'When this attempt was signed, in Unix seconds; refuse one too far from now.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the base64-decoded part of the endpoint secret after `whsec_`. Two while a rotated secret overlaps (24 hours); accept the message if one matches.',
    schema: { type: 'string' },
  },
].map((header) => ({ ...header, in: 'header', required: true }));

/**
 * The events the portal sends to the endpoints an account admin registers (OpenAPI 3.1
 * `webhooks`), signed as Standard Webhooks. A 2xx answer within 10 seconds is a delivery;
 * anything else (a redirect included) is retried for 3 days.
 */
function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          summary: `The ${type} event`,
          description:
            'Answer 2xx within 10 seconds. Other answers, redirects and timeouts are retried (5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h) for 3 days; an endpoint failing for 3 days is disabled and the account admins told.',
          parameters: webhookHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: z.toJSONSchema(webhookPayloadSchemas[type]) },
            },
          },
          responses: { '2XX': { description: 'Received' } },
        },
      },
    ]),
  );
}
