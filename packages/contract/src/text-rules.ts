// No zod here: the sign-up form on a visitor's first page checks the same rule without loading
// the validation library.
import type { ErrorCode } from './errors';

/**
 * Control characters: C0 (but tab, line feed and carriage return, which a multi-line text may
 * hold), DEL and C1. Typed by no keyboard, they only serve to rewrite a terminal that prints the
 * text (`ESC [`, `CSI`), forge a log line or hide part of a value.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A single-line text refuses these as well. */
const lineBreaksAndTab = /[\t\n\r]/;

/** The error code a text with a control character is refused with (`freeText` in text.ts). */
export const CONTROL_CHARACTERS_ERROR = 'field.control_characters' satisfies ErrorCode;

/** Whether `value` holds a character a text field refuses; `multiline` keeps tab and line breaks. */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return controlCharacters.test(value) || (!multiline && lineBreaksAndTab.test(value));
}
