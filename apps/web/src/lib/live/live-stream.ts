import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_RESET_EVENT, liveEventKinds, type LiveEvent } from '@portal/contract';
import { API_BASE } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Without a stream, the screens read their data again this often (and on coming back). */
export const LIVE_FALLBACK_REFRESH_MS = 60_000;

/** Events this close together make one refetch of each screen. */
const COALESCE_MS = 100;

/** After the server refused the stream (signed out, too many), it is tried again this late. */
const REOPEN_AFTER_MS = 30_000;

/** EventSource.CLOSED, named where the browser may have no EventSource. */
const CLOSED = 2;

/** The cache key of who else is on an item's page. */
export const presenceKey = (itemId: string) =>
  [...queryKeys.backoffice, 'presence', itemId] as const;

/**
 * The queries an event makes stale: the screens that show that kind of thing read it again
 * through the API (only those on screen do at once; the others when next shown).
 */
export function keysOf(event: LiveEvent): QueryKey[] {
  switch (event.kind) {
    case 'item':
    case 'message':
      return [queryKeys.backoffice, queryKeys.qgraph, queryKeys.spareparts];
    case 'notification':
      return [queryKeys.notifications];
    case 'drum':
      return [queryKeys.qgraph, queryKeys.refillAlert];
    case 'presence':
      return [presenceKey(event.subjectId)];
  }
}

/**
 * Whether `value` is a live event (the contract's LiveEventSchema), checked by hand: the stream
 * runs in every signed-in page's shell, whose budget has no room for zod.
 */
export function isLiveEvent(value: unknown): value is LiveEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.id === 'string' &&
    (liveEventKinds as readonly unknown[]).includes(event.kind) &&
    typeof event.subjectId === 'string' &&
    typeof event.version === 'string'
  );
}

/** `live`: events arrive; `down`: they do not, and the screens refresh on focus and each minute. */
export type LiveStatus = 'connecting' | 'live' | 'down';

export interface LiveConnection {
  close(): void;
}

export interface ConnectLiveOptions {
  queryClient: QueryClient;
  /** Each event, after its queries were marked stale. */
  onEvent?: (event: LiveEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  /** The browser's by default; tests give their own. */
  createEventSource?: (url: string) => EventSource;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * The tab's one event stream (`GET /api/live`). Each event marks stale the queries of what
 * changed, a few at once; the browser reconnects by itself after a drop and resumes from the
 * last event (`Last-Event-ID`), and a reset from the server has every screen read again. While
 * the stream is down, nothing is lost: the screens read again when the tab gets focus and every
 * minute, and once it is back.
 */
export function connectLive({
  queryClient,
  onEvent,
  onStatus,
  createEventSource = (url) => new EventSource(url),
  target = window,
}: ConnectLiveOptions): LiveConnection {
  let status: LiveStatus = 'connecting';
  let source: EventSource | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;
  const pending = new Map<string, QueryKey>();

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    const wasDown = status === 'down';
    status = next;
    onStatus?.(next);
    // Back after a gap: what changed meanwhile is read again.
    if (next === 'live' && wasDown) void queryClient.invalidateQueries();
  };
  const flush = () => {
    flushTimer = undefined;
    for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
    pending.clear();
  };
  const onMessage = (message: MessageEvent<string>) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.data);
    } catch {
      return;
    }
    if (!isLiveEvent(parsed)) return;
    for (const queryKey of keysOf(parsed)) pending.set(JSON.stringify(queryKey), queryKey);
    flushTimer ??= setTimeout(flush, COALESCE_MS);
    onEvent?.(parsed);
  };
  const open = () => {
    if (isClosed) return;
    let opened: EventSource;
    try {
      opened = createEventSource(`${API_BASE}/live`);
    } catch {
      // No EventSource here: the screens refresh on focus and every minute.
      setStatus('down');
      return;
    }
    source = opened;
    opened.onopen = () => setStatus('live');
    opened.onmessage = onMessage;
    opened.addEventListener(LIVE_RESET_EVENT, () => void queryClient.invalidateQueries());
    opened.onerror = () => {
      setStatus('down');
      // The browser reconnects after a drop; a refusal (401, 429) closes it for good.
      if (opened.readyState === CLOSED) {
        reopenTimer = setTimeout(open, REOPEN_AFTER_MS);
      }
    };
  };
  const refreshWhileDown = () => {
    if (status === 'down') void queryClient.invalidateQueries();
  };
  const everyMinute = setInterval(refreshWhileDown, LIVE_FALLBACK_REFRESH_MS);
  target.addEventListener('focus', refreshWhileDown);
  open();
  return {
    close() {
      isClosed = true;
      source?.close();
      clearTimeout(reopenTimer);
      clearTimeout(flushTimer);
      clearInterval(everyMinute);
      target.removeEventListener('focus', refreshWhileDown);
    },
  };
}
