import { describe, expect, it } from 'vitest';
import { checkSignUp } from './sign-up-rules';
import { freeText } from './text';
import { CreateMessageRequestSchema } from './refill';

describe('freeText, the rule of every typed text', () => {
  const controls = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0080', '\u0085', '\u009b'];

  it('refuses C0 (but tab and line breaks in a multi-line text), DEL and C1, with its own code', () => {
    for (const multiline of [false, true]) {
      for (const control of controls) {
        const result = freeText({ max: 100, multiline }).safeParse(`a${control}b`);
        expect(result.success, JSON.stringify(control)).toBe(false);
        expect(result.error?.issues[0]).toMatchObject({
          code: 'custom',
          params: { errorCode: 'field.control_characters' },
        });
      }
    }
    expect(freeText({ max: 100 }).safeParse('a\tb').success).toBe(false);
    expect(freeText({ max: 100 }).safeParse('a\nb').success).toBe(false);
  });

  it('keeps line breaks and tabs in a multi-line text, and any printable Unicode', () => {
    expect(CreateMessageRequestSchema.parse({ body: 'Hello,\r\n\tgate B\n' })).toEqual({
      body: 'Hello,\r\n\tgate B',
    });
    expect(freeText({ max: 100 }).parse('  Éléonore 李 😀  ')).toBe('Éléonore 李 😀');
  });

  it('is the rule of the sign-up form too, which runs without zod', () => {
    expect(checkSignUp({ email: 'a@example.com', company: 'Acme\u001b[2J' }).errors).toEqual({
      company: 'field.control_characters',
    });
  });
});
