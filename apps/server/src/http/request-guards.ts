import type { FastifyInstance } from 'fastify';
import type { Settings } from '../config/env';
import { HttpError } from './http-error';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const acceptedBodyTypes = ['application/json', 'multipart/form-data'];

/**
 * CSRF defence for a cookie session: a state-changing API call must come from our own origin
 * (Origin header) and carry a content type a plain HTML form cannot send.
 */
export function registerRequestGuards(app: FastifyInstance, settings: Settings): void {
  const allowedOrigin = settings.publicUrl.origin;
  app.addHook('onRequest', async (request) => {
    if (!stateChangingMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin || origin !== allowedOrigin) {
      throw new HttpError(403, 'request.forbidden_origin');
    }
    if (request.method === 'DELETE') return;
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (!contentType || !acceptedBodyTypes.includes(contentType)) {
      throw new HttpError(415, 'request.unsupported_media_type');
    }
  });
}
