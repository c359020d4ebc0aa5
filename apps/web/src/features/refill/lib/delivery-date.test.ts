import { describe, expect, it } from 'vitest';
import { earliestDeliveryDate, fromIsoDate, isWeekend, toIsoDate } from './delivery-date';

describe('earliest delivery date: today + 2 working days', () => {
  it.each([
    ['2026-11-23', '2026-11-25'], // Monday → Wednesday
    ['2026-11-26', '2026-11-30'], // Thursday → Monday
    ['2026-11-27', '2026-12-01'], // Friday → Tuesday
    ['2026-11-28', '2026-12-01'], // Saturday → Tuesday
    ['2026-11-29', '2026-12-01'], // Sunday → Tuesday
  ])('from %s it is %s', (today, expected) => {
    const result = earliestDeliveryDate(new Date(`${today}T15:30:00`));
    expect(toIsoDate(result)).toBe(expected);
    expect(isWeekend(result)).toBe(false);
  });

  it('reads and writes local dates without a time-zone shift', () => {
    expect(toIsoDate(fromIsoDate('2026-03-29'))).toBe('2026-03-29');
  });
});
