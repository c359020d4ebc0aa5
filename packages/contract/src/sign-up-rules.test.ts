import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSignUp } from './sign-up-rules';
import { SignUpRequestSchema } from './users';

/** What the server's schema says of the same fields, in checkSignUp's terms. */
function withZod(fields: { email: string; company?: string }) {
  const result = SignUpRequestSchema.safeParse(fields);
  if (result.success) return { payload: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] = field === 'email' ? 'field.invalid_email' : 'field.too_long';
  }
  return { errors };
}

// Strings made to sit near the rules' edges: addresses, dots, spaces, case, long parts.
const local = fc.stringMatching(/^[A-Za-z0-9_'+.-]{0,12}$/);
const domain = fc.stringMatching(/^[A-Za-z0-9.-]{0,10}\.[A-Za-z]{0,4}$/);
const email = fc.oneof(
  fc
    .tuple(local, fc.constantFrom('@', '@@', ''), domain, fc.constantFrom('', ' ', '  \t'))
    .map(([name, at, host, pad]) => `${pad}${name}${at}${host}${pad}`),
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 240, maxLength: 270 }).map((tail) => `a@b.co${tail.replace(/\s/g, 'x')}`),
  fc.integer({ min: 230, max: 260 }).map((length) => `${'a'.repeat(length - 7)}@ex.com`),
);
const company = fc.option(
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: 195, max: 205 }).map((length) => ` ${'c'.repeat(length)} `),
  ),
  { nil: undefined },
);

describe('sign-up rules without zod', () => {
  it('accept, normalise and reject exactly as the server schema does', () => {
    fc.assert(
      fc.property(email, company, (emailValue, companyValue) => {
        const fields = { email: emailValue, company: companyValue };
        expect(checkSignUp(fields)).toEqual(withZod(fields));
      }),
      { numRuns: 2000 },
    );
  });

  it('named cases: trimmed and lower-cased e-mail, empty company left out, limits', () => {
    expect(checkSignUp({ email: '  Ada@Example.COM ', company: '   ' })).toEqual({
      payload: { email: 'ada@example.com' },
      errors: {},
    });
    expect(checkSignUp({ email: 'ada@example.com', company: ' ACME ' }).payload).toEqual({
      email: 'ada@example.com',
      company: 'ACME',
    });
    expect(checkSignUp({ email: '' }).errors).toEqual({ email: 'field.invalid_email' });
    expect(checkSignUp({ email: 'ada@', company: 'x'.repeat(201) }).errors).toEqual({
      email: 'field.invalid_email',
      company: 'field.too_long',
    });
    expect(checkSignUp({ email: `${'a'.repeat(248)}@ex.com` }).errors.email).toBe(
      'field.invalid_email',
    );
    expect(checkSignUp({ email: 'a@b.co', company: 'x'.repeat(200) }).payload).toBeDefined();
  });
});
