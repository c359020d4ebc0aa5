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
    const malformed = malformedTextFields(data);
    if (malformed.length) return { error: new RequestValidationError(malformed) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toFieldErrors(result.error.issues, data)) };
  };

// NUL, or a UTF-16 surrogate without its pair.
const malformedText =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text that PostgreSQL cannot store (NUL) or that is not well-formed (a lone surrogate, which
 * would come back as U+FFFD) is refused wherever it is — body, query, path or header — with the
 * field named, instead of failing deep inside a query as a 500 (found by the hostile-input suite).
 */
export function malformedTextFields(data: unknown, path: string[] = []): FieldError[] {
  if (typeof data === 'string') {
    return malformedText.test(data)
      ? [{ field: path.join('.') || 'body', errorCode: 'field.invalid' }]
      : [];
  }
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data).flatMap(([key, value]) => [
    ...(malformedText.test(key)
      ? [{ field: [...path, key].join('.'), errorCode: 'field.invalid' as const }]
      : []),
    ...malformedTextFields(value, [...path, key]),
  ]);
}
