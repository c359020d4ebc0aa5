import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToaster } from './toaster';

describe('createToaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('adds toasts with an id, a 5000 ms auto-close by default, and notifies subscribers', () => {
    const toaster = createToaster();
    const listener = vi.fn();
    toaster.subscribe(listener);
    const id = toaster.show({ title: 'Saved', type: 'success' });
    expect(toaster.getSnapshot()).toEqual([
      {
        id,
        title: 'Saved',
        description: undefined,
        type: 'success',
        autoClose: 5000,
        state: 'open',
      },
    ]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('gives each toast its own id and keeps their order', () => {
    const toaster = createToaster();
    const a = toaster.show({ title: 'A', type: 'info' });
    const b = toaster.show({ title: 'B', type: 'error', autoClose: 0 });
    expect(a).not.toBe(b);
    expect(toaster.getSnapshot().map((t) => [t.title, t.autoClose])).toEqual([
      ['A', 5000],
      ['B', 0],
    ]);
  });

  it('replaces a toast shown again with the same id', () => {
    const toaster = createToaster();
    toaster.show({ id: 'net', title: 'Offline', type: 'warning' });
    toaster.show({ id: 'net', title: 'Still offline', type: 'warning' });
    expect(toaster.getSnapshot().map((t) => t.title)).toEqual(['Still offline']);
  });

  it('dismiss marks the toast closing, then removes it after 200 ms', () => {
    const toaster = createToaster();
    const id = toaster.show({ title: 'Saved', type: 'success' });
    toaster.dismiss(id);
    expect(toaster.getSnapshot()[0]?.state).toBe('closing');
    vi.advanceTimersByTime(199);
    expect(toaster.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toaster.getSnapshot()).toHaveLength(0);
  });

  it('stops notifying after unsubscribe and ignores unknown ids', () => {
    const toaster = createToaster();
    const listener = vi.fn();
    const unsubscribe = toaster.subscribe(listener);
    unsubscribe();
    toaster.show({ title: 'A', type: 'info' });
    toaster.dismiss('nope');
    expect(listener).not.toHaveBeenCalled();
  });
});
