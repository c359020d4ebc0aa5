import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Settings } from '../config/env';

/** The machines' API: its own document, its own version, a bearer key instead of a session. */
const MACHINES_PREFIX = '/api/v1/';

interface Document {
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

function withPaths(document: Document, keep: (path: string) => boolean): Record<string, unknown> {
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
  });

  let machines: Document | undefined;
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => {
    machines ??= machinesDocument(app.swagger() as unknown as Document, settings);
    return machines;
  });

  if (settings.appEnv === 'prd') return;
  let portal: Document | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const full = app.swagger() as unknown as Document;
    portal ??= { ...full, paths: withPaths(full, (path) => !path.startsWith(MACHINES_PREFIX)) };
    return portal;
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: () =>
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
}

function machinesDocument(full: Document, settings: Settings): Document {
  const securitySchemes = (full.components?.securitySchemes ?? {}) as Record<string, unknown>;
  return {
    ...full,
    info: {
      title: 'Customer portal machine API',
      version: '1.0.0',
      description:
        'For sensors, gateways and ERPs. Every call carries `Authorization: Bearer <key>` (an API key an account admin creates in the portal, with the scopes `readings:write` and/or `drums:read`); no cookie, no Origin header. A missing, wrong or revoked key answers 401, a key without the scope 403, too many calls 429 with Retry-After. Errors are { message, errors? }.',
    },
    servers: [{ url: settings.publicUrl.origin }],
    security: [{ bearer: [] }],
    paths: withPaths(full, (path) => path.startsWith(MACHINES_PREFIX)),
    components: { ...full.components, securitySchemes: { bearer: securitySchemes.bearer } },
  };
}
