/**
 * The rules every form shares: a required text (trimmed: spaces alone are empty) and a required
 * number (a value that is not a number says so). They answer translation keys of the common
 * namespace, so a missing field reads the same on every screen. Written without zod: the screens
 * whose forms use them do not load it.
 */
export const REQUIRED = 'common:form.required';
export const INVALID_NUMBER = 'common:form.invalidNumber';

export type RequiredError = typeof REQUIRED;
export type NumberError = typeof REQUIRED | typeof INVALID_NUMBER;

/** The error of a required text, if any. */
export function checkRequiredString(value: string | null | undefined): RequiredError | undefined {
  return value === null || value === undefined || value.trim() === '' ? REQUIRED : undefined;
}

/** The error of a required number, if any: empty is required, anything else not finite is invalid. */
export function checkRequiredNumber(value: unknown): NumberError | undefined {
  if (value === null || value === undefined || value === '') return REQUIRED;
  return typeof value === 'number' && Number.isFinite(value) ? undefined : INVALID_NUMBER;
}
