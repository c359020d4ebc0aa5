import { describe, expect, it } from 'vitest';
import { fromIsoDay, toIsoDay } from './kit-fields';

describe('the days of a day field', () => {
  it('reads a YYYY-MM-DD day as its local midnight and writes it back the same', () => {
    const day = fromIsoDay('2026-03-09');
    expect(day).toEqual(new Date(2026, 2, 9));
    expect(toIsoDay(day ?? new Date(0))).toBe('2026-03-09');
    expect(toIsoDay(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('reads nothing from an empty or malformed day', () => {
    expect(fromIsoDay('')).toBeNull();
    expect(fromIsoDay('09/03/2026')).toBeNull();
    expect(fromIsoDay('2026-3-9')).toBeNull();
  });
});
