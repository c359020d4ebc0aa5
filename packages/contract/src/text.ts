import { z } from 'zod';
import { CONTROL_CHARACTERS_ERROR, hasControlCharacters } from './text-rules';

/**
 * The one rule of every text a person types (names, companies, comments, messages, searches,
 * references): trimmed, at most `max` characters, no control characters. Every free-text field
 * of the contract is built with it, so none is forgotten; the refusal carries the error code
 * `field.control_characters`.
 */
export function freeText({
  max,
  min = 0,
  multiline = false,
}: {
  max: number;
  min?: number;
  multiline?: boolean;
}) {
  const text = z
    .string()
    .trim()
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      params: { errorCode: CONTROL_CHARACTERS_ERROR },
      abort: true,
    })
    .max(max);
  return min > 0 ? text.min(min) : text;
}
