import type { SiteScope } from '../site-scope';

/** Accounts beyond this push out the least recently read (each entry is a few tens of KB). */
const DEFAULT_MAX_ACCOUNTS = 2_000;

/**
 * An overview is computed again after this long even when nothing changed: its figures (days
 * until empty, rent accrued) move with the clock, and a change whose announcement was missed
 * goes unseen no longer than this.
 */
export const DRUM_OVERVIEW_MAX_AGE_MS = 60_000;

/** The database's announcement that an account's drums changed (its payload: the account id). */
export const DRUM_CHANGES_CHANNEL = 'drum_changes';

/** The payload announcing a change to every account (the catalogue, the rent defaults). */
const EVERY_ACCOUNT = '*';

interface Entry<Body> {
  /** The overview as sent: serialised (and encoded) once, sent as is. */
  body: Body;
  computedAt: number;
}

/**
 * Each account's drum overview, as last computed, per site scope. Computing one reads every
 * drum's last reading, its 30-day trend, alerts, open requests and rent terms, which a page load
 * repeats; the overview changes only when one of those does. The database announces every such
 * change whoever makes it (`forgetAnnounced`), and a state-changing request answered by this
 * instance empties the cache before its answer leaves (`forgetAll`), so a user reading right
 * after writing never gets the overview from before. While announcements cannot be heard,
 * nothing is kept.
 */
export class DrumOverviewCache<Body> {
  readonly #accounts = new Map<string, Map<string, Entry<Body>>>();
  #isHearingChanges = true;

  constructor(private readonly maxAccounts = DEFAULT_MAX_ACCOUNTS) {}

  get(accountId: string, scope: SiteScope, now: Date): Body | undefined {
    if (!this.#isHearingChanges) return undefined;
    const entries = this.#accounts.get(accountId);
    const entry = entries?.get(scopeKey(scope));
    if (!entries || !entry) return undefined;
    const age = now.getTime() - entry.computedAt;
    if (age > DRUM_OVERVIEW_MAX_AGE_MS || age < 0) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recent.
    this.#accounts.delete(accountId);
    this.#accounts.set(accountId, entries);
    return entry.body;
  }

  /**
   * Keeps `body`, computed from the data as it was when `generation` was taken: if a change was
   * announced since, the body may predate it and is not kept.
   */
  set(accountId: string, scope: SiteScope, body: Body, now: Date, generation: number): void {
    if (!this.#isHearingChanges || generation !== this.#generation) return;
    const entries = this.#accounts.get(accountId) ?? new Map<string, Entry<Body>>();
    entries.set(scopeKey(scope), { body, computedAt: now.getTime() });
    this.#accounts.delete(accountId);
    this.#accounts.set(accountId, entries);
    if (this.#accounts.size > this.maxAccounts) {
      const oldest = this.#accounts.keys().next().value;
      if (oldest !== undefined) this.#accounts.delete(oldest);
    }
  }

  /**
   * Counts the changes forgotten so far. An overview computed while a change commits may hold
   * the data before it: `set` refuses a body whose computation began before the last change.
   */
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  forgetAccount(accountId: string): void {
    this.#generation++;
    this.#accounts.delete(accountId);
  }

  forgetAll(): void {
    this.#generation++;
    this.#accounts.clear();
  }

  /** Applies an announcement of the database: an account id, or `*` for every account. */
  forgetAnnounced(payload: string): void {
    if (payload === EVERY_ACCOUNT || !payload) this.forgetAll();
    else this.forgetAccount(payload);
  }

  /** While announcements may be missed, nothing is kept or answered. */
  stopTrusting(): void {
    this.#isHearingChanges = false;
    this.forgetAll();
  }

  startTrusting(): void {
    this.forgetAll();
    this.#isHearingChanges = true;
  }

  get size(): number {
    return this.#accounts.size;
  }
}

function scopeKey(scope: SiteScope): string {
  return scope === null ? '*' : [...scope].sort().join(',');
}
