import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a medium date and a short time in the language', () => {
    const moment = new Date(2026, 10, 25, 18, 5);
    expect(formatDateTime(moment, 'fr')).toBe('25 nov. 2026, 18:05');
    expect(formatDateTime(moment, 'en')).toBe('Nov 25, 2026, 6:05 PM');
    expect(formatDateTime(moment.toISOString(), 'en')).toBe('Nov 25, 2026, 6:05 PM');
  });

  it('builds one formatter per language, at its first use', () => {
    const constructor = vi.spyOn(Intl, 'DateTimeFormat');
    formatDateTime('2026-11-25T17:05:00Z', 'de');
    formatDateTime('2026-11-26T17:05:00Z', 'de');
    expect(constructor).toHaveBeenCalledTimes(1);
  });
});
