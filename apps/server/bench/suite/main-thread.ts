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
}

const LONG_TASK_MS = 50;
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

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
  const tasks = events.filter(
    (event) =>
      event.ph === 'X' &&
      TASK_NAMES.has(event.name) &&
      event.pid === firstPaint.pid &&
      event.tid === firstPaint.tid &&
      event.ts >= firstPaint.ts,
  );
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const blocking = (length: (task: TraceEvent) => number) =>
    tasks.reduce((sum, task) => sum + Math.max(0, length(task) * cpuSlowdown - LONG_TASK_MS), 0);
  return {
    tasks: tasks.length,
    wallMs: tasks.reduce((sum, task) => sum + ms(task.dur), 0),
    cpuMs: tasks.reduce((sum, task) => sum + ms(task.tdur), 0),
    blockingFromWallMs: blocking((task) => ms(task.dur)),
    blockingFromCpuMs: blocking((task) => ms(task.tdur)),
  };
}
