import { describe, expect, it } from 'vitest';
import { alertLevel, computeDrumFigures } from './drum-figures';

const now = new Date('2026-11-22T12:00:00Z');
const day = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
const base = { initialLengthM: 1000, thresholdPct: 20, criticalPct: 10, isOrdered: false, now };

describe('computeDrumFigures (hand-computed cases)', () => {
  it('a new drum without readings is full and ok, with no consumption yet', () => {
    expect(computeDrumFigures({ ...base, latest: null, windowStart: null })).toEqual({
      remainingM: 1000,
      remainingPct: 100,
      averageDailyConsumptionM: null,
      estimatedRunOutOn: null,
      status: 'ok',
    });
  });

  it('600 m left after using 300 m in 30 days: 10 m/day, 60 days to go', () => {
    // 900 → 600 m between 30 days ago and today: 300 m / 30 d = 10 m/d; 600 / 10 = 60 d.
    const figures = computeDrumFigures({
      ...base,
      latest: { at: now, remainingM: 600 },
      windowStart: { at: day(30), remainingM: 900 },
    });
    expect(figures).toEqual({
      remainingM: 600,
      remainingPct: 60,
      averageDailyConsumptionM: 10,
      estimatedRunOutOn: '2027-01-21',
      status: 'ok',
    });
  });

  it('is low at the threshold and critical at the critical threshold', () => {
    const at = (remainingM: number) =>
      computeDrumFigures({ ...base, latest: { at: now, remainingM }, windowStart: null }).status;
    expect(at(201)).toBe('ok');
    expect(at(200)).toBe('low');
    expect(at(101)).toBe('low');
    expect(at(100)).toBe('critical');
    expect(at(0)).toBe('critical');
  });

  it('says ordered once a refill covers the drum, whatever is left', () => {
    const figures = computeDrumFigures({
      ...base,
      isOrdered: true,
      latest: { at: now, remainingM: 50 },
      windowStart: null,
    });
    expect(figures.status).toBe('ordered');
  });

  it('gives no average when the drum was refilled inside the window', () => {
    const figures = computeDrumFigures({
      ...base,
      latest: { at: now, remainingM: 900 },
      windowStart: { at: day(10), remainingM: 100 },
    });
    expect(figures.averageDailyConsumptionM).toBeNull();
    expect(figures.estimatedRunOutOn).toBeNull();
  });

  it('rounds the percentage to one decimal: 333 of 1000 m is 33.3 %', () => {
    const figures = computeDrumFigures({
      ...base,
      latest: { at: now, remainingM: 333 },
      windowStart: null,
    });
    expect(figures.remainingPct).toBe(33.3);
  });
});

describe('alertLevel', () => {
  it('maps percentages to levels', () => {
    expect(alertLevel(50, 20, 10)).toBeNull();
    expect(alertLevel(20, 20, 10)).toBe('low');
    expect(alertLevel(9.9, 20, 10)).toBe('critical');
  });
});
