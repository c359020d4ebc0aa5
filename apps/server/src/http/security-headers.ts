import type { FastifyInstance } from 'fastify';
import { linkedPages, pageLink } from '@portal/contract';
import type { Settings } from '../config/env';
import { oneTimeLinkPrefix } from './one-time-link-page';

// Google's hosts for gtag and GA4 collection; allowed only when a measurement id is configured.
const googleScriptHosts = ['https://www.googletagmanager.com'];
const googleConnectHosts = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

const isOneTimeLinkPage = (url: string) => oneTimeLinkPrefix(url) !== undefined;

export function contentSecurityPolicy(
  settings: Pick<Settings, 'gaMeasurementId'>,
  /**
   * Base64 SHA-256 of the `<style>` and inline `<script>` elements a page carries (a prerendered
   * page's styles and the script that starts its entry).
   */
  {
    styleHashes = [],
    scriptHashes = [],
    allowsInlineStyles = false,
  }: {
    styleHashes?: readonly string[];
    scriptHashes?: readonly string[];
    /**
     * Style elements written by a page's own scripts (the API reference's renderer writes its
     * theme into `<style>` elements). Scripts stay as strict: styles cannot run code.
     */
    allowsInlineStyles?: boolean;
  } = {},
): string {
  const withGoogle = Boolean(settings.gaMeasurementId);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...scriptHashes.map((hash) => `'sha256-${hash}'`),
      // Compiling WebAssembly (the QR decoder's, served from the portal), never evaluating text.
      "'wasm-unsafe-eval'",
      ...(withGoogle ? googleScriptHosts : []),
    ],
    'style-src': [
      "'self'",
      ...styleHashes.map((hash) => `'sha256-${hash}'`),
      ...(allowsInlineStyles ? ["'unsafe-inline'"] : []),
    ],
    'img-src': ["'self'", 'data:', ...(withGoogle ? googleConnectHosts : [])],
    'connect-src': ["'self'", ...(withGoogle ? googleConnectHosts : [])],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The security headers of an answer to `url` (every answer, API and SPA alike). */
export function securityHeaders(
  settings: Pick<Settings, 'gaMeasurementId' | 'publicUrl'>,
): (url: string) => Record<string, string> {
  const csp = contentSecurityPolicy(settings);
  const https = settings.publicUrl.protocol === 'https:';
  return (url) => ({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // A one-time link (sign-in, alert recipient confirmation) never leaks through the Referer.
    'referrer-policy': isOneTimeLinkPage(url) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

/**
 * Whether `url` is a built script, stylesheet, font or source map. No browser renders one as a
 * document, so the document-only headers (content security policy, framing, opener policy) mean
 * nothing on it; an image is not one of them, since an SVG opened on its own is a document.
 */
const isSubresource = (url: string) =>
  url.startsWith('/assets/') && /\.(?:js|css|woff2?|map)$/.test(url);

export function registerSecurityHeaders(app: FastifyInstance, settings: Settings): void {
  // Built once: the answers differ only by sign-in page or not, and by a policy of their own.
  const variants = ['/', pageLink(linkedPages.signIn, 'token')].map((url) => {
    const all = securityHeaders(settings)(url);
    const { 'content-security-policy': _ownPolicy, ...withoutPolicy } = all;
    const {
      'x-frame-options': _framing,
      'cross-origin-opener-policy': _opener,
      ...subresource
    } = withoutPolicy;
    return { all, withoutPolicy, subresource };
  });
  const [other, signIn] = variants as [(typeof variants)[0], (typeof variants)[0]];
  // A synchronous hook: on every answer, a promise less.
  app.addHook('onSend', (request, reply, payload, done) => {
    const headers = isOneTimeLinkPage(request.url) ? signIn : other;
    if (isSubresource(request.url)) {
      // Every page loads a score of these: their headers are worth keeping short.
      reply.headers(headers.subresource);
      return done(null, payload);
    }
    // A page with a policy of its own keeps it (the API reference, a prerendered page).
    reply.headers(reply.hasHeader('content-security-policy') ? headers.withoutPolicy : headers.all);
    // API answers carry personal data (profiles, drums, requests, mailboxes…): no browser or
    // proxy may keep them, unless the route states a policy of its own (the translations). The
    // route is the one the router matched, so no spelling of its path escapes the rule; an
    // unmatched request (a 404, a refusal before routing) gets it too.
    const route = request.routeOptions.url;
    if ((route === undefined || route.startsWith('/api')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
