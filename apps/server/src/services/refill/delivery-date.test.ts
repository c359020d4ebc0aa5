import { describe, expect, it } from 'vitest';
import {
  earliestDeliveryDate,
  isAllowedDeliveryDate,
  localToday,
  safeTimeZone,
  formatDay,
} from './delivery-date';

describe('delivery dates', () => {
  it('needs two working days of notice', () => {
    // Monday 2026-11-23 10:00 in Paris → Wednesday 25th.
    expect(earliestDeliveryDate(new Date('2026-11-23T09:00:00Z'), 'Europe/Paris')).toBe(
      '2026-11-25',
    );
    // Thursday → Monday (skips the weekend).
    expect(earliestDeliveryDate(new Date('2026-11-26T09:00:00Z'), 'Europe/Paris')).toBe(
      '2026-11-30',
    );
    // Saturday → Tuesday.
    expect(earliestDeliveryDate(new Date('2026-11-28T09:00:00Z'), 'Europe/Paris')).toBe(
      '2026-12-01',
    );
  });

  it("counts from the user's own today", () => {
    const lateSunday = new Date('2026-11-22T23:30:00Z'); // Monday 00:30 in Paris, still Sunday in New York
    expect(localToday(lateSunday, 'Europe/Paris')).toBe('2026-11-23');
    expect(localToday(lateSunday, 'America/New_York')).toBe('2026-11-22');
    expect(earliestDeliveryDate(lateSunday, 'Europe/Paris')).toBe('2026-11-25');
    expect(earliestDeliveryDate(lateSunday, 'America/New_York')).toBe('2026-11-24');
  });

  it('refuses weekends and dates that are too early', () => {
    const now = new Date('2026-11-23T09:00:00Z');
    expect(isAllowedDeliveryDate('2026-11-24', now, 'Europe/Paris')).toBe(false);
    expect(isAllowedDeliveryDate('2026-11-25', now, 'Europe/Paris')).toBe(true);
    expect(isAllowedDeliveryDate('2026-11-28', now, 'Europe/Paris')).toBe(false);
    expect(isAllowedDeliveryDate('2026-11-30', now, 'Europe/Paris')).toBe(true);
  });

  it('falls back to Paris for a missing or unknown zone', () => {
    expect(safeTimeZone(undefined)).toBe('Europe/Paris');
    expect(safeTimeZone('Mars/Olympus')).toBe('Europe/Paris');
    expect(safeTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('formatDay', () => {
  it('writes a day as each language writes it in a sentence, whatever the zone', () => {
    expect(formatDay('2026-11-30', 'fr')).toBe('30 novembre 2026');
    expect(formatDay('2026-11-30', 'en')).toBe('November 30, 2026');
    expect(formatDay('2026-01-01', 'fr')).toBe('1 janvier 2026');
  });
});
