/** A Chrome trace event, as far as the main thread's tasks need it. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time, in µs, of a complete ('X') event. */
  dur?: number;
  /** The thread's CPU time during it, in µs. */
  tdur?: number;
  args?: { name?: string };
}

/** What the page's main thread did from its first contentful paint to the end of the trace. */
export interface MainThreadWork {
  tasks: number;
  /** The tasks' wall time, ms: their CPU time and the time they waited for a CPU. */
  wallMs: number;
  /** The main thread's CPU time in them, ms. */
  cpuMs: number;
  /**
   * Total blocking time as Lighthouse's simulation reckons it, from the tasks' wall time: each
   * task's time, times the preset's CPU slowdown, over 50 ms. An approximation: Lighthouse
   * simulates only up to the page's Time to Interactive.
   */
  blockingFromWallMs: number;
  /** The same sum from the tasks' CPU time: what the page's own work blocks for. */
  blockingFromCpuMs: number;
  /**
   * The CPU time of the browser's other threads (its own, the compositor's, the renderer's
   * others) in their tasks from the first contentful paint to the end of the main thread's last
   * task, ms: work for the page (its requests, its frames) that competes with its main thread.
   */
  otherThreadsCpuMs: number;
}

/** A task longer than this blocks the page (Lighthouse's and the Long Tasks API's rule). */
export const LONG_TASK_MS = 50;

/** What Chromium calls a top-level task of a thread (the name changed across versions). */
const topLevelTaskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The top-level tasks of the threads `isOfThread` accepts, in order. A task run inside another
 * (a nested run loop) is part of the outer one, not a task of its own.
 */
export function topLevelTasks(
  events: readonly TraceEvent[],
  isOfThread: (event: TraceEvent) => boolean,
): TraceEvent[] {
  const tasks = events
    .filter(
      (event) =>
        topLevelTaskNames.has(event.name) &&
        event.ph === 'X' &&
        event.dur !== undefined &&
        isOfThread(event),
    )
    .sort((a, b) => a.ts - b.ts);
  const endOfLastTask = new Map<string, number>();
  return tasks.filter((task) => {
    const thread = `${task.pid}:${task.tid}`;
    if (task.ts < (endOfLastTask.get(thread) ?? -Infinity)) return false;
    endOfLastTask.set(thread, task.ts + (task.dur ?? 0));
    return true;
  });
}

/**
 * The page's main-thread tasks after its first contentful paint, from a trace Lighthouse
 * recorded: on a machine whose other work takes the CPU, a task's wall time grows with the time
 * it waited, and Lighthouse multiplies that wait by the CPU slowdown like the page's own work.
 * Undefined when the trace has no first contentful paint.
 */
export function mainThreadAfterFirstPaint(
  events: readonly TraceEvent[],
  cpuSlowdown: number,
): MainThreadWork | undefined {
  // The page's paint is the last one recorded (a blank page before it paints nothing).
  const firstPaint = events
    .filter((event) => event.name === 'firstContentfulPaint')
    .reduce<TraceEvent | undefined>(
      (latest, event) => (!latest || event.ts > latest.ts ? event : latest),
      undefined,
    );
  if (!firstPaint) return undefined;
  const tasks = topLevelTasks(
    events,
    (event) =>
      event.pid === firstPaint.pid && event.tid === firstPaint.tid && event.ts >= firstPaint.ts,
  );
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const lastTask = tasks.at(-1);
  const end = lastTask ? lastTask.ts + (lastTask.dur ?? 0) : firstPaint.ts;
  const otherTasks = topLevelTasks(
    events,
    (event) =>
      !(event.pid === firstPaint.pid && event.tid === firstPaint.tid) &&
      event.ts >= firstPaint.ts &&
      event.ts < end,
  );
  const blocking = (length: (task: TraceEvent) => number) =>
    tasks.reduce((sum, task) => sum + Math.max(0, length(task) * cpuSlowdown - LONG_TASK_MS), 0);
  return {
    tasks: tasks.length,
    wallMs: tasks.reduce((sum, task) => sum + ms(task.dur), 0),
    cpuMs: tasks.reduce((sum, task) => sum + ms(task.tdur), 0),
    blockingFromWallMs: blocking((task) => ms(task.dur)),
    blockingFromCpuMs: blocking((task) => ms(task.tdur)),
    otherThreadsCpuMs: otherTasks.reduce((sum, task) => sum + ms(task.tdur), 0),
  };
}
