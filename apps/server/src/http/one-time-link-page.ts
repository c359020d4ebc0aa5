import { oneTimeLinkPages } from '@portal/contract';

/**
 * The pages whose address holds the token of a one-time link: the sign-in link and the alert
 * recipient's confirmation link. The browser's router matches them whatever the case of the
 * letters, percent-encoding or doubled slashes, so every rule about them (no Referer, no token in
 * the log) recognises every spelling the router would open.
 */
const oneTimeLinkPrefixes = oneTimeLinkPages.map((pattern) => pattern.replace(/\/:[A-Za-z]+$/, ''));

function decodedPath(rawPath: string): string {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape reaches no page of ours; compare it undecoded.
  }
  return path.replace(/\/{2,}/g, '/').toLowerCase();
}

/** The fixed start of the one-time link page a URL opens (its address before the token), if any. */
export function oneTimeLinkPrefix(url: string): string | undefined {
  const path = decodedPath(url.split(/[?#]/, 1)[0] ?? '');
  return oneTimeLinkPrefixes.find(
    (prefix) => path.startsWith(`${prefix}/`) && path.length > prefix.length + 1,
  );
}

/** The URL with the token of a one-time link's page replaced by `[redacted]`, for logs. */
export function redactOneTimeLinkToken(url: string): string {
  const prefix = oneTimeLinkPrefix(url);
  if (prefix === undefined) return url;
  const queryAt = url.search(/[?#]/);
  return `${prefix}/[redacted]${queryAt === -1 ? '' : url.slice(queryAt)}`;
}
