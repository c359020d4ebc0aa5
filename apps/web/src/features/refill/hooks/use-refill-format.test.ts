import { format } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// useRefillFormat writes dates with Intl (no date-fns in the screen's first chunk);
// asks for date-fns' PP and PPp. They must be the same text in both languages.
describe('dates of the refill screen', () => {
  it("Intl's medium date (and short time) is date-fns' PP (and PPp), in French and English", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.constantFrom(['fr', fr, 'fr'] as const, ['en', enUS, 'en-US'] as const),
        (date, [, locale, tag]) => {
          expect(new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(date)).toBe(
            format(date, 'PP', { locale }),
          );
          expect(
            new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(date),
          ).toBe(format(date, 'PPp', { locale }));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('file sizes of the refill screen', () => {
  it('are written in the language\'s units ("5 Mo" in French, "5 MB" in English)', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { initRefillI18n } = await import('../testing/render');
    const { useRefillFormat } = await import('./use-refill-format');
    for (const [language, mega, kilo] of [
      ['fr', '5\u202fMo', '2,5\u202fko'],
      ['en', '5 MB', '2.5 kB'],
    ] as const) {
      await initRefillI18n(language);
      const { result } = renderHook(() => useRefillFormat());
      expect(result.current.fileSize(5 * 1024 * 1024)).toBe(mega);
      expect(result.current.fileSize(2560)).toBe(kilo);
    }
    await initRefillI18n('en');
  });
});

describe('prepareRefillFormat', () => {
  const built = () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const relative = vi.spyOn(Intl, 'RelativeTimeFormat');
    return () => dates.mock.calls.length + numbers.mock.calls.length + relative.mock.calls.length;
  };

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('builds the overview formatters one task at a time, none in the calling task', async () => {
    const { prepareRefillFormat } = await import('./use-refill-format');
    const count = built();
    prepareRefillFormat('fr');
    expect(count()).toBe(0);
    vi.advanceTimersToNextTimer();
    expect(count()).toBe(1);
    vi.runAllTimers();
    // Date and time, metres, percent, count, "ago" and a duration.
    expect(count()).toBe(6);
  });

  it('builds nothing more once cancelled', async () => {
    const { prepareRefillFormat } = await import('./use-refill-format');
    const count = built();
    const cancel = prepareRefillFormat('en');
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(count()).toBe(1);
  });
});
