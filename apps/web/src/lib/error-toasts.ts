import type { ClientErrorCode, ErrorCode } from '@portal/contract';
import { ApiRequestError } from './api-client';
import { toaster } from './toaster';
import { type TFunction } from './i18n';

/**
 * The key of the `errors` sentence that says why a call failed: the code the API answered with;
 * for an answer without one, our side (5xx) or unknown; for a call that never got an answer (the
 * fetch itself failed: offline, connection cut), the network. Only a network failure asks the
 * user to check their connection.
 */
export function errorMessageKey(error: unknown): `errors:${ErrorCode | ClientErrorCode}` {
  if (error instanceof ApiRequestError) {
    if (error.body?.message) return `errors:${error.body.message}`;
    if (error.status === 503) return 'errors:server.unavailable';
    if (error.status >= 500) return 'errors:server.internal';
    return 'errors:unknown';
  }
  // fetch rejects with a TypeError when no answer came back.
  if (error instanceof TypeError) return 'errors:network';
  return 'errors:unknown';
}

/**
 * The error rule: one toast per `errors` entry (its errorCode translated from the errors
 * namespace), else one toast saying why the call failed (`errorMessageKey`). Exactly one of the
 * two applies, so a failure never shows two kinds. The caller's `t` must have the `errors`
 * namespace loaded (list it in its `useTranslation`), else the raw code would show.
 */
export function showErrorToasts(error: unknown, t: TFunction): void {
  const title = t('common:error');
  const body = error instanceof ApiRequestError ? error.body : undefined;
  if (body?.errors?.length) {
    for (const entry of body.errors) {
      toaster.show({ type: 'error', title, description: t(`errors:${entry.errorCode}`) });
    }
    return;
  }
  toaster.show({ type: 'error', title, description: t(errorMessageKey(error)) });
}

/** Seconds to wait before trying again, from a 429's Retry-After header. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return undefined;
  const value = Number(error.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The field errors of a 400 answer, by field name (first code of each field). */
export function fieldErrorCodes(error: unknown): Record<string, string> {
  const entries = error instanceof ApiRequestError ? (error.body?.errors ?? []) : [];
  const byField: Record<string, string> = {};
  for (const entry of entries) {
    if (entry.field && !byField[entry.field]) byField[entry.field] = entry.errorCode;
  }
  return byField;
}
