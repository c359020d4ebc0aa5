import type { Clock } from '../src/services/clock';

/** A clock the test moves by hand, to expire links and sessions without waiting. */
export function createFakeClock(start = new Date('2026-11-22T09:00:00Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}

/** The token at the end of a sign-in link. */
export function tokenOf(link: string): string {
  return new URL(link).pathname.split('/').pop() ?? '';
}

/** `name=value` of the session cookie set by a response, for the next request's Cookie header. */
export function sessionCookie(response: Response): string {
  const header = response.headers
    .getSetCookie()
    .find((cookie) => /^(__Host-)?session=/.test(cookie));
  if (!header) throw new Error('no session cookie was set');
  return header.split(';')[0] ?? '';
}
