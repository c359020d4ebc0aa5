import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Settings } from '../config/env';
import { workspacePath } from '../config/paths';
import { sendApiNotFound } from './errors';

/** What the SPA reads at start (apps/web/src/config/env.ts); one build serves every environment. */
export interface RuntimeSettings {
  appEnv: Settings['appEnv'];
  gaMeasurementId: string | null;
}

const SETTINGS_PLACEHOLDER = '<!--runtime-settings-->';

export function renderIndexHtml(template: string, settings: RuntimeSettings): string {
  // A JSON data block is not executed, so the strict CSP needs no inline-script exception.
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
  const tag = `<script type="application/json" id="runtime-settings">${json}</script>`;
  return template.replace(SETTINGS_PLACEHOLDER, tag);
}

/**
 * Serves the built SPA: hashed assets (precompressed .br/.gz picked by Accept-Encoding) cached
 * for a year, and index.html, with the runtime settings injected, for every other non-API path.
 */
export async function registerSpa(app: FastifyInstance, settings: Settings): Promise<void> {
  const distDir = settings.webDist ?? workspacePath('apps/web/dist');
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);

  let indexHtml = '';
  if (built) {
    indexHtml = renderIndexHtml(readFileSync(indexPath, 'utf8'), {
      appEnv: settings.appEnv,
      gaMeasurementId: settings.gaMeasurementId ?? null,
    });
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        const immutable = path.includes('/assets/');
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      request.log.warn({ path }, 'unknown API path');
      return sendApiNotFound(reply);
    }
    // History fallback: the SPA's router decides what an unknown page shows.
    if (request.method === 'GET' || request.method === 'HEAD') {
      // A missing hashed asset must be a 404, not the HTML page under a script's name.
      if (path.startsWith('/assets/')) return sendApiNotFound(reply);
      return sendIndex(reply);
    }
    return sendApiNotFound(reply);
  });
}
