import { describe, expect, it } from 'vitest';
import { untilDue } from './until-due';

const now = Date.parse('2026-12-08T10:00:00.000Z');

describe('untilDue', () => {
  it('waits until a second after the moment', () => {
    expect(untilDue('2026-12-08T10:10:00.000Z', now)).toBe(10 * 60_000 + 1_000);
  });
  it('asks again a few seconds later when the moment is here or the clocks differ', () => {
    expect(untilDue('2026-12-08T10:00:00.000Z', now)).toBe(5_000);
    expect(untilDue('2026-12-08T09:00:00.000Z', now)).toBe(5_000);
  });
  it('keeps no timer longer than a day', () => {
    expect(untilDue('2027-03-01T10:00:00.000Z', now)).toBe(24 * 3_600_000);
  });
  it('waits for nothing when nothing comes due', () => {
    expect(untilDue(null, now)).toBe(false);
    expect(untilDue('not a date', now)).toBe(false);
  });
});
