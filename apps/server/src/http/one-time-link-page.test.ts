import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oneTimeLinkPrefix, redactOneTimeLinkToken } from './one-time-link-page';

/** Spellings of a path the browser's router opens as the same page. */
function spell(path: string, variant: { upper: number[]; encode: number[]; doubleSlash: boolean }) {
  let spelled = [...path]
    .map((character, index) => {
      if (character === '/') return variant.doubleSlash ? '//' : '/';
      if (variant.encode.includes(index))
        return `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
      return variant.upper.includes(index) ? character.toUpperCase() : character;
    })
    .join('');
  if (!spelled.startsWith('/')) spelled = `/${spelled}`;
  return spelled;
}

describe('one-time link pages', () => {
  it('are recognised and their token redacted in logs', () => {
    expect(redactOneTimeLinkToken('/signin/abcDEF_123?x=1')).toBe('/signin/[redacted]?x=1');
    expect(redactOneTimeLinkToken('/alerts/confirm/abcDEF_123')).toBe('/alerts/confirm/[redacted]');
    expect(redactOneTimeLinkToken('/invitation/abcDEF_123')).toBe('/invitation/[redacted]');
    expect(redactOneTimeLinkToken('/api/refill/drums')).toBe('/api/refill/drums');
    expect(oneTimeLinkPrefix('/signin/')).toBeUndefined();
    expect(oneTimeLinkPrefix('/signing/abc')).toBeUndefined();
    expect(oneTimeLinkPrefix('/%E0%A4%A/abc')).toBeUndefined();
  });

  it('are recognised whatever the case, percent-encoding or doubled slashes', () => {
    const variant = fc.record({
      upper: fc.array(fc.nat(30)),
      encode: fc.array(fc.nat(30)),
      doubleSlash: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(
          '/signin/tok3n_VALUE',
          '/alerts/confirm/tok3n_VALUE',
          '/invitation/tok3n_VALUE',
        ),
        variant,
        (path, how) => {
          const spelled = spell(path, how);
          expect(oneTimeLinkPrefix(spelled), spelled).toBe(path.replace(/\/tok3n_VALUE$/, ''));
          expect(redactOneTimeLinkToken(spelled), spelled).not.toMatch(/tok3n|%/i);
        },
      ),
    );
  });
});
