import type { ErrorCode, FieldError } from '@portal/contract';

/** An expected failure: answered with `status` and the API error shape, logged at warn level. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}
