import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Settings } from '../config/env';

/**
 * The OpenAPI 3.1 document is generated from the routes' zod schemas (packages/contract), so it
 * cannot drift from what the server validates. Neither the document nor its browsable reference
 * exists in prd: a production server does not hand out a map of itself.
 */
export async function registerOpenApi(app: FastifyInstance, settings: Settings): Promise<void> {
  if (settings.appEnv === 'prd') return;
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
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: () =>
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
}
