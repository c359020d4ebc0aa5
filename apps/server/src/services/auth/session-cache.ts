import { z } from 'zod';
import type { ActiveSession } from './active-session';

/** Entries beyond this push out the least recently used (a few MB of user rows at most). */
const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * An entry is read again from the database after this long, a bound on how long a change whose
 * announcement was missed can go unseen.
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

/** The database's announcement of a change to a session, a user or an account. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

const SessionChangeSchema = z.object({
  kind: z.enum(['session', 'user', 'account']),
  id: z.string(),
});

/**
 * Sessions resolved recently, by token hash, so a signed-in request needs no database query
 * (on PGlite every query waits its turn; on PostgreSQL each costs a round trip from the pool).
 * Every change to a session, a user or an account is forgotten here at once: the code that makes
 * it forgets what it touches, and the database announces every such change, whoever made it
 * (another instance, the admin command line), which `forgetAnnounced` applies. While the
 * announcements cannot be heard the cache holds nothing, so an answer from it is always the one
 * the database would give.
 */
export class SessionCache {
  readonly #entries = new Map<string, { session: ActiveSession; cachedAt: number }>();
  #isHearingChanges = true;

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  /** The live session of `tokenHash`, if cached less than a minute before `now`, not expired. */
  get(tokenHash: string, now: Date): ActiveSession | undefined {
    if (!this.#isHearingChanges) return undefined;
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
    if (!this.#isHearingChanges) return;
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

  forgetAccount(accountId: string): void {
    for (const [hash, { session }] of this.#entries) {
      if (session.user.accountId === accountId) this.#entries.delete(hash);
    }
  }

  /**
   * Applies an announcement of the database (`{"kind":"user","id":"…"}`). One that cannot be
   * read empties the cache: forgetting too much costs a query, keeping too much a wrong answer.
   */
  forgetAnnounced(payload: string): void {
    const change = parseChange(payload);
    if (!change) this.#entries.clear();
    else if (change.kind === 'session') this.forgetSession(change.id);
    else if (change.kind === 'user') this.forgetUser(change.id);
    else this.forgetAccount(change.id);
  }

  /** While announcements may be missed, nothing is kept or answered. */
  stopTrusting(): void {
    this.#isHearingChanges = false;
    this.#entries.clear();
  }

  startTrusting(): void {
    this.#entries.clear();
    this.#isHearingChanges = true;
  }

  get size(): number {
    return this.#entries.size;
  }
}

function parseChange(payload: string): z.infer<typeof SessionChangeSchema> | undefined {
  try {
    return SessionChangeSchema.parse(JSON.parse(payload));
  } catch {
    return undefined;
  }
}
