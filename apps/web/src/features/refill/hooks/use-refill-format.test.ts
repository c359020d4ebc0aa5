import { format } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// useRefillFormat writes dates with Intl (no date-fns in the screen's first chunk); DESIGN §7
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
