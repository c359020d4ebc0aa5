import { request } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { isPublicAddress } from './public-address';

/** A receiver has this long to answer, connection and body included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Error texts kept in the delivery log are trimmed to this many characters. */
const ERROR_TEXT_MAX = 300;

export interface WebhookSendOptions {
  /**
   * Lets deliveries reach loopback and private addresses. Off in normal use: an account admin
   * must not be able to make the server call into its own network.
   */
  allowPrivateAddresses?: boolean;
  /** Extra certificate authorities (PEM) trusted besides the usual ones, for a test receiver. */
  extraCa?: string;
  timeoutMs?: number;
}

export interface WebhookSendResult {
  succeeded: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or loopback address`);
  }
}

/** DNS resolution that drops every answer that is not public, so a name cannot point inside. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    if (usable.length === 0) return callback(new PrivateAddressError(hostname), '', 0);
    if (options.all) return callback(null, usable as unknown as string);
    const first = usable[0]!;
    return callback(null, first.address, first.family);
  });
};

function trim(text: string): string {
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

/**
 * POSTs one signed message. Success is a 2xx answer within the timeout; a redirect is not
 * followed and counts as a failure (the receiver must give its final address), as do every
 * other status, a timeout and a network or TLS error. Never throws.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: WebhookSendOptions = {},
): Promise<WebhookSendResult> {
  const started = performance.now();
  const done = (result: Omit<WebhookSendResult, 'durationMs'>): WebhookSendResult => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({ succeeded: false, responseStatus: null, error: 'invalid URL' });
  }
  if (target.protocol !== 'https:') {
    return done({ succeeded: false, responseStatus: null, error: 'only https is allowed' });
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateAddresses && isIP(host) && !isPublicAddress(host)) {
    return done({
      succeeded: false,
      responseStatus: null,
      error: trim(new PrivateAddressError(host).message),
    });
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  return new Promise<WebhookSendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<WebhookSendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve(done(result));
    };
    const outgoing = request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'cable-portal-webhooks/1',
        },
        signal,
        ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
        ...(options.extraCa ? { ca: [...rootCertificates, options.extraCa] } : {}),
        // A fresh connection per message: an endpoint's slow socket is never shared.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // Only the status matters; the body is read (and dropped) so the socket can close.
        response.resume();
        response.once('end', () => {
          if (status >= 200 && status < 300) {
            finish({ succeeded: true, responseStatus: status, error: null });
          } else if (status >= 300 && status < 400) {
            const location = response.headers.location;
            finish({
              succeeded: false,
              responseStatus: status,
              error: trim(`redirect not followed${location ? ` (to ${location})` : ''}`),
            });
          } else {
            finish({ succeeded: false, responseStatus: status, error: `HTTP ${status}` });
          }
        });
        response.once('error', (error) =>
          finish({ succeeded: false, responseStatus: status, error: trim(error.message) }),
        );
      },
    );
    outgoing.once('error', (error) => {
      const timedOut = signal.aborted;
      finish({
        succeeded: false,
        responseStatus: null,
        error: timedOut
          ? `no answer within ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`
          : trim(error.message),
      });
    });
    outgoing.end(body);
  });
}
