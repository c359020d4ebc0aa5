import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Settings } from './config/env';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerRequestGuards } from './http/request-guards';
import { zodValidatorCompiler } from './http/request-validation';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { healthRoutes } from './routes/health/health.routes';
import { localesRoutes } from './routes/locales/locales.routes';
import { loadTranslations } from './routes/locales/translations';

export interface AppDependencies {
  settings: Settings;
  database: DatabaseHandle;
}

/** JSON bodies above this size are refused with 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT = 16 * 1024;

/** Builds the HTTP application: API under /api, the SPA for every other path. */
export async function buildApp({ settings, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: settings.logLevel,
      // Never log cookies or the sign-in token a body may carry.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: settings.trustProxy,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and multipart, per route) is accepted: anything else is a 415.
  app.removeContentTypeParser(['text/plain']);

  // While shutting down, each answer closes its connection, so keep-alive sockets do not hold
  // the server open after the in-flight requests are done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, settings);
  registerRequestGuards(app, settings);
  await registerOpenApi(app, settings);

  const translations = loadTranslations();
  await app.register(healthRoutes(database.db));
  await app.register(localesRoutes(translations));

  await registerSpa(app, settings);

  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
