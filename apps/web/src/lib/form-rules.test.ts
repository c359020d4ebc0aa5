import { describe, expect, it } from 'vitest';
import { checkRequiredNumber, checkRequiredString, INVALID_NUMBER, REQUIRED } from './form-rules';

describe('shared form rules', () => {
  it('a required text is trimmed: spaces alone are missing', () => {
    expect(checkRequiredString('')).toBe(REQUIRED);
    expect(checkRequiredString('   ')).toBe(REQUIRED);
    expect(checkRequiredString(null)).toBe(REQUIRED);
    expect(checkRequiredString(' Ada ')).toBeUndefined();
  });

  it('a required number is missing when empty and invalid when not a number', () => {
    expect(checkRequiredNumber(null)).toBe(REQUIRED);
    expect(checkRequiredNumber(undefined)).toBe(REQUIRED);
    expect(checkRequiredNumber(Number.NaN)).toBe(INVALID_NUMBER);
    expect(checkRequiredNumber('12')).toBe(INVALID_NUMBER);
    expect(checkRequiredNumber(0)).toBeUndefined();
  });
});
