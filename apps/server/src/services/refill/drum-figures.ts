import type { DrumStatus } from '@portal/contract';

const DAY_MS = 24 * 3600 * 1000;

/** The average daily consumption is taken over this many days up to the latest reading. */
export const CONSUMPTION_WINDOW_DAYS = 30;

export interface DrumFiguresInput {
  initialLengthM: number;
  /** The latest reading, if any. */
  latest: { at: Date; remainingM: number } | null;
  /** The oldest reading of the last 30 days (relative to `now`), if any. */
  windowStart: { at: Date; remainingM: number } | null;
  thresholdPct: number;
  criticalPct: number;
  /** An open refill request covers this drum. */
  isOrdered: boolean;
  now: Date;
}

export interface DrumFigures {
  remainingM: number;
  remainingPct: number;
  averageDailyConsumptionM: number | null;
  estimatedRunOutOn: string | null;
  status: DrumStatus;
}

/** The level a remaining percentage stands at, for statuses and alerts. */
export function alertLevel(remainingPct: number, thresholdPct: number, criticalPct: number) {
  if (remainingPct <= criticalPct) return 'critical' as const;
  if (remainingPct <= thresholdPct) return 'low' as const;
  return null;
}

/**
 * The derived values of the refill overview: remaining length and %, average daily
 * consumption over the last 30 days (first reading of the window to the latest), the run-out date
 * it implies, and the status from the account's thresholds ("ordered" wins once a refill is asked).
 */
export function computeDrumFigures(input: DrumFiguresInput): DrumFigures {
  const remainingM = input.latest?.remainingM ?? input.initialLengthM;
  const remainingPct =
    input.initialLengthM > 0 ? Math.round((remainingM / input.initialLengthM) * 1000) / 10 : 0;
  const level = alertLevel(remainingPct, input.thresholdPct, input.criticalPct);
  const status: DrumStatus = input.isOrdered ? 'ordered' : (level ?? 'ok');
  return { remainingM, remainingPct, ...forecastRunOut(input), status };
}

/**
 * The average daily consumption from the first reading of the window to the latest, and the
 * run-out date it implies (none without a consumption).
 */
export function forecastRunOut(
  input: Pick<DrumFiguresInput, 'initialLengthM' | 'latest' | 'windowStart'>,
): Pick<DrumFigures, 'averageDailyConsumptionM' | 'estimatedRunOutOn'> {
  const remainingM = input.latest?.remainingM ?? input.initialLengthM;
  let averageDailyConsumptionM: number | null = null;
  const { latest, windowStart } = input;
  if (latest && windowStart && latest.at.getTime() > windowStart.at.getTime()) {
    const days = (latest.at.getTime() - windowStart.at.getTime()) / DAY_MS;
    const used = windowStart.remainingM - latest.remainingM;
    // A refill inside the window makes "used" negative: no meaningful average then.
    averageDailyConsumptionM = used >= 0 ? Math.round((used / days) * 10) / 10 : null;
  }

  let estimatedRunOutOn: string | null = null;
  if (latest && averageDailyConsumptionM && averageDailyConsumptionM > 0) {
    const runOut = new Date(latest.at.getTime() + (remainingM / averageDailyConsumptionM) * DAY_MS);
    estimatedRunOutOn = runOut.toISOString().slice(0, 10);
  }
  return { averageDailyConsumptionM, estimatedRunOutOn };
}
