import { describe, expect, it } from 'vitest';
import { dateTicks } from './date-ticks';

const at = (year: number, month: number, day: number, hour = 0) =>
  new Date(year, month - 1, day, hour).getTime() / 1000;

describe('date ticks', () => {
  it('puts a tick on every local midnight when the chart is wide enough', () => {
    expect(dateTicks(at(2026, 11, 1, 8), at(2026, 11, 4, 8), 1000, 100)).toEqual([
      at(2026, 11, 2),
      at(2026, 11, 3),
      at(2026, 11, 4),
    ]);
  });

  it('steps by whole weeks, then calendar months, as the chart narrows', () => {
    const from = at(2026, 6, 10);
    const to = at(2026, 11, 26);
    const weekly = dateTicks(from, to, 2500, 100);
    expect(weekly.slice(0, 2)).toEqual([at(2026, 6, 10), at(2026, 6, 17)]);
    // 169 days on 300 px: a quarter is the first step that keeps labels 100 px apart.
    expect(dateTicks(from, to, 300, 100)).toEqual([at(2026, 7, 1), at(2026, 10, 1)]);
  });

  it('never puts two ticks closer than the spacing asked, whatever the width', () => {
    const from = at(2025, 12, 20, 9);
    const to = at(2026, 11, 26, 17);
    for (let width = 200; width <= 1600; width += 50) {
      const ticks = dateTicks(from, to, width, 110);
      const positions = ticks.map((tick) => ((tick - from) / (to - from)) * width);
      for (let index = 1; index < positions.length; index += 1) {
        expect(positions[index]! - positions[index - 1]!).toBeGreaterThanOrEqual(110);
      }
      expect(ticks.length).toBeGreaterThan(0);
    }
  });
});
