import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** How often the "last used" times gathered are written. */
const FLUSH_EVERY_MS = 5_000;

/**
 * The "last used" time of sessions, shown in each user's list of sessions, gathered from the
 * requests and written in one statement every few seconds rather than one per request. A time
 * only moves forward: a late write never takes a session back in time.
 */
export class SessionActivity {
  readonly #pending = new Map<string, Date>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  touch(sessionId: string, at: Date): void {
    const known = this.#pending.get(sessionId);
    if (!known || known < at) this.#pending.set(sessionId, at);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, FLUSH_EVERY_MS).unref();
  }

  /** Writes what is gathered; what fails is reported and dropped (it is only a display). */
  flush(): Promise<void> {
    const batch = [...this.#pending].map(([id, at]) => ({ id, at: at.toISOString() }));
    this.#pending.clear();
    if (batch.length === 0) return this.#flushing;
    this.#flushing = this.#flushing.then(async () => {
      try {
        await this.db.execute(sql`
          update sessions set last_seen_at = touched.at
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as touched(id uuid, at timestamptz)
          where sessions.id = touched.id and sessions.last_seen_at < touched.at`);
      } catch (error) {
        this.onError(error);
      }
    });
    return this.#flushing;
  }

  /** Writes what is left, for a server that stops. */
  async stop(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
