import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from './error-schemas';
import { isApiError } from './errors';

describe('isApiError', () => {
  it.each([
    [{ message: 'request.invalid' }, true],
    [
      { message: 'request.invalid', errors: [{ field: 'email', errorCode: 'field.required' }] },
      true,
    ],
    [{ message: 'not.a.code' }, false],
    [{ message: 'request.invalid', errors: [{ field: 'email', errorCode: 'nope' }] }, false],
    [{ message: 'request.invalid', errors: 'x' }, false],
    [null, false],
    ['request.invalid', false],
  ])('agrees with the zod schema on %j', (value, expected) => {
    expect(isApiError(value)).toBe(expected);
    expect(ApiErrorSchema.safeParse(value).success).toBe(expected);
  });
});
