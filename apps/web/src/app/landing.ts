import { matchPath } from 'react-router';
import { pages, type Page, type PageName } from '@/config/page-map';
import { RETURN_PATH_KEY } from '@/lib/return-path';

/**
 * Where a signed-in user starts (`/`, the visitor pages and a sign-in send them there): the first
 * of these pages they may open. Staff work the inbox; a customer reads their drums, or else their
 * spare parts; their own account's page is open to anyone.
 */
export const homePages = [
  'backoffice',
  'refill',
  'spareparts',
  'account',
] as const satisfies readonly PageName[];

/** What the landing rule asks of the user's ability (CASL's `can`). */
export interface Abilities {
  can(action: string, subject: string): boolean;
}

// A backslash reads as a slash in a browser's address (`/\evil.example` is `//evil.example`),
// and control characters are dropped from it: neither belongs to a path of the app.
const unsafeCharacters = /[\\\p{Cc}]/u;

/**
 * The path, search and hash `value` names when it is a path of `origin` written as one
 * (`/refill?tab=requests`); undefined for anything else: another origin, a protocol-relative
 * address (`//evil.example`), a backslash, or not a path at all.
 */
export function safeReturnPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) {
    return undefined;
  }
  if (unsafeCharacters.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page kept by `rememberReturnPath`, if any. */
export function readReturnPath(): string | null {
  try {
    return localStorage.getItem(RETURN_PATH_KEY);
  } catch {
    return null;
  }
}

/** Spent once landed, and forgotten at sign-out: a later visit of `/` goes home. */
export function forgetReturnPath(): void {
  try {
    localStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Whether a signed-in user with `ability` may open `page` (the router's check before it renders). */
export function mayOpen(page: Page, ability: Abilities): boolean {
  if (page.access !== 'signedIn') return false;
  return !page.ability || ability.can(page.ability.action, page.ability.subject);
}

/** The signed-in page whose pattern (or an alias of it) matches `pathname`. */
function signedInPageAt(pathname: string): Page | undefined {
  return pages.find(
    (page) =>
      page.access === 'signedIn' &&
      [page.path, ...('aliases' in page ? page.aliases : [])].some((pattern) =>
        matchPath({ path: pattern, end: true }, pathname),
      ),
  );
}

/**
 * Where a user who just signed in (or opens `/`) lands: the page they were sent away from to sign
 * in (`requested`), when it is a path of this origin and a page they may open; otherwise the first
 * of the home pages they may open. Never a page they may not open, never another site.
 */
export function landingPath(
  ability: Abilities,
  requested: unknown,
  origin: string = window.location.origin,
): string {
  const path = safeReturnPath(requested, origin);
  if (path) {
    const page = signedInPageAt(new URL(path, origin).pathname);
    if (page && mayOpen(page, ability)) return path;
  }
  const home = homePages
    .map((name) => pages.find((page) => page.name === name))
    .find((page) => page !== undefined && mayOpen(page, ability));
  // The account page needs no ability: some home is always open. (A literal: with paths imported
  // here, the entry the visitor's first page loads grew past the auth page's budget.)
  return home?.path ?? '/account';
}
