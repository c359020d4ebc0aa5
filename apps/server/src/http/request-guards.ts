import type { FastifyInstance } from 'fastify';
import type { Settings } from '../config/env';
import { DomainError } from '../services/domain-error';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const acceptedBodyTypes = ['application/json', 'multipart/form-data'];

/**
 * CSRF defence for a cookie session: a state-changing API call must come from our own origin
 * (Origin header) and carry a content type a plain HTML form cannot send.
 */
export function registerRequestGuards(app: FastifyInstance, settings: Settings): void {
  const allowedOrigin = settings.publicUrl.origin;
  // In dev without PUBLIC_URL, the origins this server listens on are ours too (the port is the
  // socket's, so PORT=0 works): the URL printed in the terminal signs up as localhost does.
  const listeningHosts = new Set(['localhost', '127.0.0.1', '[::1]', settings.host]);
  const isListeningOrigin = (origin: string, localPort: number | undefined): boolean => {
    if (!settings.acceptListeningOrigin || localPort === undefined) return false;
    const match = /^http:\/\/(.+):(\d+)$/.exec(origin);
    return !!match && listeningHosts.has(match[1] ?? '') && Number(match[2]) === localPort;
  };
  // A synchronous hook: a read costs no promise here.
  app.addHook('onRequest', (request, _reply, done) => {
    done(refusal(request.method, request.url, request.headers, request.socket.localPort));
  });
  function refusal(
    method: string,
    url: string,
    headers: { origin?: string; 'content-type'?: string },
    localPort: number | undefined,
  ): DomainError | undefined {
    if (!stateChangingMethods.has(method) || !url.startsWith('/api/')) return undefined;
    if (
      !headers.origin ||
      (headers.origin !== allowedOrigin && !isListeningOrigin(headers.origin, localPort))
    ) {
      return new DomainError('request.forbidden_origin');
    }
    if (method === 'DELETE') return undefined;
    const contentType = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (!contentType || !acceptedBodyTypes.includes(contentType)) {
      return new DomainError('request.unsupported_media_type');
    }
    return undefined;
  }
}
