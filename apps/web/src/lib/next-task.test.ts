import { afterEach, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => {
  vi.useRealTimers();
});

it('resolves after the current task and its microtasks, not within them', async () => {
  const events: string[] = [];
  const done = nextTask().then(() => events.push('next task'));
  queueMicrotask(() => events.push('microtask'));
  events.push('this task');
  await done;
  expect(events).toEqual(['this task', 'microtask', 'next task']);
});

it('is no timer: it resolves while timers are held', async () => {
  vi.useFakeTimers();
  await expect(nextTask()).resolves.toBeUndefined();
});
