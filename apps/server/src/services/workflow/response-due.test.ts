import { describe, expect, it } from 'vitest';
import { easterSunday, frenchPublicHolidays, isWorkingDay, responseDueAt } from './response-due';

describe('responseDueAt', () => {
  it('is due the next working day at the same time', () => {
    // Tuesday 24 November 2026, 10:30 in Paris (UTC+1).
    expect(responseDueAt(new Date('2026-11-24T09:30:00Z')).toISOString()).toBe(
      '2026-11-25T09:30:00.000Z',
    );
  });

  it('skips the weekend: Friday afternoon is due on Monday afternoon', () => {
    expect(responseDueAt(new Date('2026-11-27T14:00:00Z')).toISOString()).toBe(
      '2026-11-30T14:00:00.000Z',
    );
  });

  it('counts a Saturday from Monday: due at the end of Monday, midnight Paris', () => {
    expect(responseDueAt(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe(
      '2026-11-30T23:00:00.000Z',
    );
  });

  it('skips French public holidays: Thursday before Ascension is due on Friday', () => {
    // Ascension 2026 is Thursday 14 May; Wednesday 13th 11:00 Paris (UTC+2) → Friday 15th.
    expect(responseDueAt(new Date('2026-05-13T09:00:00Z')).toISOString()).toBe(
      '2026-05-15T09:00:00.000Z',
    );
  });

  it('skips Christmas and a weekend together', () => {
    // Thursday 24 December 2026 → Friday 25th is Christmas → Monday 28th.
    expect(responseDueAt(new Date('2026-12-24T08:00:00Z')).toISOString()).toBe(
      '2026-12-28T08:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across the change to summer time', () => {
    // Friday 27 March 2026 09:00 Paris (UTC+1) → Monday 30th 09:00 Paris (UTC+2).
    expect(responseDueAt(new Date('2026-03-27T08:00:00Z')).toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
  });
});

describe('French public holidays', () => {
  it('finds Easter and its moving holidays', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    const holidays = frenchPublicHolidays(2026);
    expect(holidays.has('2026-04-06')).toBe(true);
    expect(holidays.has('2026-05-14')).toBe(true);
    expect(holidays.has('2026-05-25')).toBe(true);
    expect(holidays.size).toBe(11);
  });

  it('tells working days from days off', () => {
    expect(isWorkingDay('2026-11-11')).toBe(false);
    expect(isWorkingDay('2026-11-12')).toBe(true);
    expect(isWorkingDay('2026-11-14')).toBe(false);
  });
});
