import { asc, gt, lte, lt, sql } from 'drizzle-orm';
import { LIVE_RESET_EVENT } from '@portal/contract';
import type { Database } from '../../db/client';
import { liveEvents, livePresence } from '../../db/schema';
import {
  hears,
  parseAnnouncedEvent,
  publicPart,
  type AnnouncedLiveEvent,
  type Listener,
} from './live-audience';

/** The database's announcement of a live event (its payload: the event's row as JSON). */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/**
 * A comment line this often keeps an idle stream open through proxies and load balancers that
 * close a connection silent for a minute, and lets the server find a client that went away.
 */
export const LIVE_HEARTBEAT_MS = 25_000;

/** Events are kept this long: a stream that dropped for less resumes where it was. */
export const LIVE_EVENTS_KEPT_MS = 10 * 60_000;

/** Where a stream's text goes: the HTTP response, held open. */
export interface LiveSink {
  write(text: string): void;
  end(): void;
}

export interface LiveStream {
  listener: Listener;
  sessionId: string;
  sink: LiveSink;
  /**
   * Reads the stream's session again after an announced change to it, its user or its account:
   * the listener it now stands for, or undefined when it ended (signed out, suspended, revoked).
   */
  recheck(): Promise<Listener | undefined>;
}

/** One Server-Sent Event: its id (for `Last-Event-ID`) and its data. */
export function formatEvent(event: AnnouncedLiveEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(publicPart(event))}\n\n`;
}

const RESET = `event: ${LIVE_RESET_EVENT}\ndata: {}\n\n`;

/**
 * The open event streams of this instance. Every event the database announces (whichever
 * instance's transaction wrote it) goes to the streams whose person may hear it; a change to a
 * session, a user or an account has the streams it touches check their session again, and those
 * whose session ended are closed. While announcements cannot be heard, the streams are told to
 * read everything again once they can.
 */
export class LiveHub {
  readonly #streams = new Set<LiveStream>();
  #heartbeat: NodeJS.Timeout | undefined;
  #sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the heartbeat and the sweep of old events and of presence past its time. */
  start(): void {
    this.#heartbeat ??= setInterval(() => this.#writeAll(':\n\n'), LIVE_HEARTBEAT_MS);
    this.#heartbeat.unref();
    this.#sweep ??= setInterval(() => void this.sweep().catch(this.onError), 60_000);
    this.#sweep.unref();
  }

  get size(): number {
    return this.#streams.size;
  }

  streamsOf(userId: string): number {
    let count = 0;
    for (const stream of this.#streams) if (stream.listener.userId === userId) count++;
    return count;
  }

  /**
   * Opens a stream: first the events kept since `lastEventId` that its person may hear (or a
   * reset when some of those are no longer kept), then every new one.
   */
  async open(stream: LiveStream, lastEventId: string | undefined): Promise<void> {
    this.#streams.add(stream);
    if (lastEventId === undefined) return;
    try {
      await this.#replay(stream, lastEventId);
    } catch (error) {
      this.onError(error);
      stream.sink.write(RESET);
    }
  }

  /** Forgets a stream that ended. */
  remove(stream: LiveStream): void {
    this.#streams.delete(stream);
  }

  /** Applies an announcement of the database to the streams of this instance. */
  announce(payload: string): void {
    const event = parseAnnouncedEvent(payload);
    if (!event) return;
    const text = formatEvent(event);
    for (const stream of this.#streams) {
      if (hears(stream.listener, event)) stream.sink.write(text);
    }
  }

  /**
   * Applies an announced change to a session, a user or an account (`{"kind":"user","id":…}`):
   * the streams it may touch read their session again and end if it ended. One that cannot be
   * read has every stream check.
   */
  sessionChanged(payload: string): void {
    let change: { kind?: unknown; id?: unknown } | undefined;
    try {
      change = JSON.parse(payload) as { kind?: unknown; id?: unknown };
    } catch {
      change = undefined;
    }
    for (const stream of this.#streams) {
      const touched =
        !change ||
        (change.kind === 'session' && change.id === stream.sessionId) ||
        (change.kind === 'user' && change.id === stream.listener.userId) ||
        (change.kind === 'account' && change.id === stream.listener.accountId) ||
        // A staff member's account id is null: an account's change never touches them.
        (change.kind !== 'session' && change.kind !== 'user' && change.kind !== 'account');
      if (touched) void this.#recheck(stream);
    }
  }

  /** After announcements could not be heard: every screen reads its data again. */
  resetAll(): void {
    this.#writeAll(RESET);
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const stream of this.#streams) stream.sink.end();
    this.#streams.clear();
    clearInterval(this.#heartbeat);
    clearInterval(this.#sweep);
    this.#heartbeat = undefined;
    this.#sweep = undefined;
  }

  /** Forgets events older than they are kept, and presence past its time. */
  async sweep(now = new Date()): Promise<void> {
    await this.db
      .delete(liveEvents)
      .where(lt(liveEvents.at, new Date(now.getTime() - LIVE_EVENTS_KEPT_MS)));
    await this.db.delete(livePresence).where(lt(livePresence.expiresAt, now));
  }

  async #recheck(stream: LiveStream): Promise<void> {
    try {
      const listener = await stream.recheck();
      if (listener) {
        stream.listener = listener;
        return;
      }
    } catch (error) {
      // The session cannot be read now: the stream ends, and the client comes back through the
      // same checks as any request.
      this.onError(error);
    }
    this.#streams.delete(stream);
    stream.sink.end();
  }

  async #replay(stream: LiveStream, lastEventId: string): Promise<void> {
    const last = /^\d{1,18}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    if (last === undefined) {
      stream.sink.write(RESET);
      return;
    }
    // Nothing after `last` was forgotten if `last` itself (or one before it) is still kept.
    const [kept] = await this.db
      .select({ found: sql<number>`1` })
      .from(liveEvents)
      .where(lte(liveEvents.id, last))
      .limit(1);
    if (!kept) {
      stream.sink.write(RESET);
      return;
    }
    const rows = await this.db
      .select()
      .from(liveEvents)
      .where(gt(liveEvents.id, last))
      .orderBy(asc(liveEvents.id))
      .limit(1000);
    for (const row of rows) {
      const event = parseAnnouncedEvent(JSON.stringify(row));
      if (event && hears(stream.listener, event)) stream.sink.write(formatEvent(event));
    }
  }

  #writeAll(text: string): void {
    for (const stream of this.#streams) stream.sink.write(text);
  }
}
