import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, LIVE_FALLBACK_REFRESH_MS, presenceKey } from './live-stream';

/** A stand-in for the browser's EventSource: the test plays the server's part. */
class FakeSource extends EventTarget {
  static last: FakeSource | undefined;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.last = this;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
  close() {
    this.closed = true;
  }
}

const item = '11111111-1111-4111-8111-111111111111';
let client: QueryClient;
let stale: string[];

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  stale = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    stale.push(filters?.queryKey ? JSON.stringify(filters.queryKey) : 'everything');
  });
});
afterEach(() => vi.useRealTimers());

const connect = (onEvent = vi.fn()) => {
  const target = new EventTarget();
  const connection = connectLive({
    queryClient: client,
    onEvent,
    createEventSource: (url) => new FakeSource(url) as unknown as EventSource,
    target: target as unknown as Window,
  });
  return { connection, target, source: FakeSource.last! };
};

describe('connectLive', () => {
  it('opens the one stream and marks stale, once for a burst, the queries of what changed', () => {
    const onEvent = vi.fn();
    const { source, connection } = connect(onEvent);
    expect(source.url).toBe('/api/live');
    source.open();
    source.send({ id: '1', kind: 'presence', subjectId: item, version: 'a' });
    source.send({ id: '2', kind: 'presence', subjectId: item, version: 'b' });
    source.send({ id: '3', kind: 'notification', subjectId: item, version: 'c' });
    source.send({ id: '4', kind: 'unknown', subjectId: item, version: 'd' });
    expect(stale).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(stale).toEqual([JSON.stringify(presenceKey(item)), '["notifications"]']);
    expect(onEvent).toHaveBeenCalledTimes(3);
    connection.close();
    expect(source.closed).toBe(true);
  });

  it('has every screen read again on a reset from the server', () => {
    const { source } = connect();
    source.open();
    source.dispatchEvent(new MessageEvent('reset', { data: '{}' }));
    expect(stale).toEqual(['everything']);
  });

  it('while down, refreshes on focus and every minute, and catches up once back', () => {
    const { source, target } = connect();
    source.open();
    target.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(LIVE_FALLBACK_REFRESH_MS);
    expect(stale).toEqual([]);

    source.fail(0);
    target.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(LIVE_FALLBACK_REFRESH_MS);
    expect(stale).toEqual(['everything', 'everything']);
    source.open();
    expect(stale).toEqual(['everything', 'everything', 'everything']);
  });

  it('opens a new stream later when the server refused this one', () => {
    const { source } = connect();
    source.fail(2);
    vi.advanceTimersByTime(30_000);
    expect(FakeSource.last).not.toBe(source);
  });
});
