import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-client';
import { toaster } from './toaster';

/**
 * The error rule of spec §8: one toast per `errors` entry (its errorCode translated from the
 * errors namespace), else one toast with the translated `message`, else one unknown-error toast.
 * Exactly one of the three applies, so a failure never shows two kinds.
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
  if (body?.message) {
    toaster.show({ type: 'error', title, description: t(`errors:${body.message}`) });
    return;
  }
  toaster.show({ type: 'error', title, description: t('errors:unknown') });
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
