import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { ErrorCode, FieldError } from '@portal/contract';

/** A request that failed its zod schema; the error handler answers it with 400 and the fields. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  constructor(readonly fieldErrors: FieldError[]) {
    super('request.invalid');
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function errorCodeFor(issue: z.core.$ZodIssue, data: unknown): ErrorCode {
  const value = valueAt(data, issue.path);
  const blank =
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (issue.code === 'invalid_type' && value === undefined) return 'field.required';
  if (issue.code === 'invalid_format' && issue.format === 'email') {
    return blank ? 'field.required' : 'field.invalid_email';
  }
  if (issue.code === 'too_big') return 'field.too_long';
  if (issue.code === 'too_small') return blank ? 'field.required' : 'field.too_short';
  return 'field.invalid';
}

export function toFieldErrors(issues: readonly z.core.$ZodIssue[], data: unknown): FieldError[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    errorCode: errorCodeFor(issue, data),
  }));
}

/**
 * Validates with the route's zod schema and reports which field failed and why, as error codes
 * of the contract (the SPA translates them), instead of zod's English messages.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toFieldErrors(result.error.issues, data)) };
  };
