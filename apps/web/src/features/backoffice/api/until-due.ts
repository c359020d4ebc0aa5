/** Read a little after the moment, so the server's clock has passed it too. */
const AFTER_DUE_MS = 1_000;
/** A moment the server still calls coming (clocks a little apart) is asked again this late. */
const MIN_WAIT_MS = 5_000;
/** Timers further out than this are not kept (a browser's limit is about 24 days). */
const MAX_WAIT_MS = 24 * 3_600_000;

/**
 * How long to wait before reading again what becomes overdue at `dueAt`, or `false` when nothing
 * is coming due. Overdue marks change with the clock alone: no event says so.
 */
export function untilDue(dueAt: string | null, now = Date.now()): number | false {
  if (dueAt === null) return false;
  const at = Date.parse(dueAt);
  if (Number.isNaN(at)) return false;
  return Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, at - now + AFTER_DUE_MS));
}
