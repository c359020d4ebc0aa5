import type { ApiError } from '@portal/contract';
import { nextTask } from './next-task';

/** Base path of every call. */
export const API_BASE = '/api';

/** A call that answered with an error status; `body` is the API error shape when it has one. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly path: string,
    readonly body: ApiError | undefined,
    readonly headers: Headers,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

type UnauthorizedHandler = (path: string, code: string | undefined) => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/**
 * What to do when a call other than the session query answers 401 (back to the root).
 * The app wires it once; the client itself knows nothing of routing.
 */
export function onUnauthorized(handler: UnauthorizedHandler | undefined): void {
  unauthorizedHandler = handler;
}

type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | undefined;

/**
 * What to do when a call answers 403 `auth.step_up_required`: ask the person to prove again who
 * they are, answering whether they did; the call is then made again. Wired by the app.
 */
export function onStepUpRequired(handler: StepUpHandler | undefined): void {
  stepUpHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `blob` for downloads; everything else is JSON. */
  responseType?: 'json' | 'blob';
  cache?: RequestCache;
}

/** Temporal, where the browser has it (TypeScript's library does not describe it yet). */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

// Read once. Temporal answers at once; a first DateTimeFormat loads the locale's calendar data
// (40 ms on a desktop, four times that on a phone), inside the task that starts the first call.
let userTimeZone: string | undefined;
/** The user's IANA time zone, sent as the `Timezone` header of every call to the API. */
export function timeZone(): string {
  userTimeZone ??=
    typeof Temporal === 'undefined'
      ? Intl.DateTimeFormat().resolvedOptions().timeZone
      : Temporal.Now.timeZoneId();
  return userTimeZone;
}

/**
 * Calls the API: credentials included, the user's time zone in a `Timezone` header, and the
 * response body returned directly.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // Starting a request takes the main thread a millisecond or more on a phone, and a screen's
  // first render starts several at once, in the task that runs its effects: each in its own.
  await nextTask();
  const headers: Record<string, string> = { Timezone: timeZone(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined || (options.method && options.method !== 'GET')) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
    cache: options.cache,
  });

  if (!response.ok) {
    // The list of error codes comes with the first error, not with every visitor's first page.
    const [payload, { isApiError }] = await Promise.all([
      response.json().catch(() => undefined) as Promise<unknown>,
      import('@portal/contract/errors'),
    ]);
    if (response.status === 401 && !path.endsWith('/users/me')) {
      unauthorizedHandler?.(path, isApiError(payload) ? payload.message : undefined);
    }
    if (
      isApiError(payload) &&
      payload.message === 'auth.step_up_required' &&
      stepUpHandler &&
      (await stepUpHandler())
    ) {
      // Asked again if the person said they proved it but the server does not agree yet (a
      // mailed link not opened): they may try again or give up.
      return apiRequest<T>(path, options);
    }
    throw new ApiRequestError(
      response.status,
      path,
      isApiError(payload) ? payload : undefined,
      response.headers,
    );
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204 || response.headers.get('content-length') === '0') {
    return undefined as T;
  }
  return (await response.json()) as T;
}
