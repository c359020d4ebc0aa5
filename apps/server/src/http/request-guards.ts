import type { FastifyInstance } from 'fastify';
import type { Settings } from '../config/env';
import { DomainError } from '../services/domain-error';

/** The methods that change nothing; every other one (POST, PUT, PATCH, DELETE, PROPFIND…) may. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return safeMethods.has(method);
}
const acceptedBodyTypes = ['application/json', 'multipart/form-data'];
/** The machines' API, by the route pattern the router matched. */
const MACHINE_ROUTES = '/api/v1/';

/**
 * CSRF defence for a cookie session: a state-changing call must come from our own origin
 * (Origin header) and carry a content type a plain HTML form cannot send.
 *
 * The rule is decided on the method alone, on every path. A guard keyed on a spelling of the
 * path (`url.startsWith('/api/')`) is bypassed by any spelling the router still matches
 * (`/%61pi/…`: the router decodes percent-escapes), and nothing but the API takes these methods,
 * so there is no path to exempt.
 *
 * The machines' routes (/api/v1) take a bearer key and never read a cookie: a call to them that
 * carries no cookie at all needs no Origin (a machine has none), so a missing key is a 401 that
 * says so. The exemption is decided on the route the router matched, which no spelling of the
 * path changes (the rule for `/%61pi/v1/…` is the rule for `/api/v1/…`), and a call that carries
 * a cookie keeps the Origin rule, so a browser's session is never the way past it.
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
    const machineCall =
      request.headers.cookie === undefined &&
      (request.routeOptions.url?.startsWith(MACHINE_ROUTES) ?? false);
    done(refusal(request.method, request.headers, request.socket.localPort, machineCall));
  });
  function refusal(
    method: string,
    headers: { origin?: string; 'content-type'?: string },
    localPort: number | undefined,
    machineCall: boolean,
  ): DomainError | undefined {
    if (safeMethods.has(method)) return undefined;
    if (
      !machineCall &&
      (!headers.origin ||
        (headers.origin !== allowedOrigin && !isListeningOrigin(headers.origin, localPort)))
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
