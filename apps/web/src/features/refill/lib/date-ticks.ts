const DAY_S = 86_400;
const HOUR_S = 3_600;
/** Steps between two date ticks: whole days, then whole months, so no two ticks read the same. */
const DAY_STEPS = [1, 2, 7, 14];
const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 60];

/**
 * Where a time axis puts its dates (Unix seconds): local midnights, or first days of months, the
 * closest together that keeps neighbouring ticks `minSpacing` pixels apart, the widest label and
 * a gap, so no two labels ever overlap whatever the width of the chart.
 */
export function dateTicks(
  min: number,
  max: number,
  plotWidth: number,
  minSpacing: number,
): number[] {
  const span = Math.max(max - min, DAY_S);
  const pixelsPerSecond = plotWidth / span;
  // The shortest a step can be: a day that loses an hour to daylight saving, a 28-day month.
  const fits = (seconds: number) => (seconds - HOUR_S) * pixelsPerSecond >= minSpacing;
  const days = DAY_STEPS.find((step) => fits(step * DAY_S));
  const start = new Date(min * 1000);
  const ticks: number[] = [];
  if (days !== undefined) {
    start.setHours(0, 0, 0, 0);
    if (start.getTime() < min * 1000) start.setDate(start.getDate() + 1);
    for (const tick = start; tick.getTime() <= max * 1000; tick.setDate(tick.getDate() + days)) {
      ticks.push(tick.getTime() / 1000);
    }
    return ticks;
  }
  const months = MONTH_STEPS.find((step) => fits(step * 28 * DAY_S)) ?? MONTH_STEPS.at(-1)!;
  const tick = new Date(start.getFullYear(), start.getMonth(), 1);
  if (tick.getTime() < min * 1000) tick.setMonth(tick.getMonth() + 1);
  // Aligned on the calendar: every third month is January, April, July, October.
  while ((tick.getFullYear() * 12 + tick.getMonth()) % months !== 0)
    tick.setMonth(tick.getMonth() + 1);
  for (; tick.getTime() <= max * 1000; tick.setMonth(tick.getMonth() + months)) {
    ticks.push(tick.getTime() / 1000);
  }
  return ticks;
}
