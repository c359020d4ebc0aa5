import type { ErrorCode, FieldError } from '@portal/contract';

/**
 * An expected failure, named by a code of the contract's closed list. The HTTP layer answers it
 * with the status its code maps to (`http/error-status.ts`) and the API error shape, and logs it
 * at warn level; a service never knows about statuses.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: FieldError[],
    /** For `request.rate_limited`: when the caller may try again. */
    readonly retryAfterSeconds?: number,
    /** Why it was refused, for the log only (a cloned authenticator, a replayed challenge…). */
    readonly reason?: string,
    /** For a refusal by a rate limit: how many calls its window allows (`RateLimit-Limit`). */
    readonly rateLimitMax?: number,
  ) {
    super(code);
  }
}
