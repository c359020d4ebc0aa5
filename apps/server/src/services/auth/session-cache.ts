import type { ActiveSession } from './active-session';

/** Entries beyond this push out the least recently used (a few MB of user rows at most). */
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * An entry is read again from the database after this long: a change made from outside the
 * server (which PGlite does not support while it runs, but a person may try) shows within it.
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

/**
 * Sessions resolved recently, by token hash, so a signed-in request needs no database query
 * (on PGlite every query waits its turn: 50 users at once waited up to 79 ms on GET /api/users/me).
 * Only sound where no other process writes the database, which is PGlite's case: one process
 * per data directory. Every change to a session or a user made here forgets what it touches, so
 * an answer from the cache is the one the database would give.
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: ActiveSession; cachedAt: number }>();

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  /** The live session of `tokenHash`, if cached less than a minute before `now`, not expired. */
  get(tokenHash: string, now: Date): ActiveSession | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    this.#entries.delete(tokenHash);
    const age = now.getTime() - entry.cachedAt;
    if (entry.session.expiresAt <= now || age > SESSION_CACHE_MAX_AGE_MS || age < 0) {
      return undefined;
    }
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.#entries.set(tokenHash, entry);
    return entry.session;
  }

  set(tokenHash: string, session: ActiveSession, now: Date): void {
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, {
      session: { ...session, renewedToken: undefined },
      cachedAt: now.getTime(),
    });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  forgetSession(sessionId: string): void {
    for (const [hash, { session }] of this.#entries) {
      if (session.sessionId === sessionId) this.#entries.delete(hash);
    }
  }

  forgetUser(userId: string): void {
    for (const [hash, { session }] of this.#entries) {
      if (session.user.id === userId) this.#entries.delete(hash);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
