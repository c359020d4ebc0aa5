import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { errorCodes, type ErrorCode, type FieldError } from '@portal/contract';

const knownCodes: ReadonlySet<unknown> = new Set(errorCodes);
const isErrorCode = (value: unknown): value is ErrorCode => knownCodes.has(value);

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
  // A rule of the contract that names its own code (`freeText`: field.control_characters).
  if (issue.code === 'custom' && isErrorCode(issue.params?.errorCode))
    return issue.params.errorCode;
  const value = valueAt(data, issue.path);
  const blank =
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  // A schema may name its own code (e.g. a page size past the maximum).
  if (issue.code === 'custom' && isErrorCode(issue.params?.errorCode))
    return issue.params.errorCode;
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
export function malformedTextFields(data: unknown): FieldError[] {
  interface Node {
    value: unknown;
    key: string;
    parent: Node | undefined;
  }
  const field = (node: Node | undefined) => {
    const path: string[] = [];
    for (let at = node; at?.parent; at = at.parent) path.unshift(at.key);
    return path.join('.') || 'body';
  };
  const found: FieldError[] = [];
  // Iterative, not recursive, and paths built only when needed: a 16 KiB body can nest
  // thousands of arrays deep.
  const pending: Node[] = [{ value: data, key: '', parent: undefined }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (typeof node.value === 'string') {
      if (malformedText.test(node.value))
        found.push({ field: field(node), errorCode: 'field.invalid' });
    } else if (typeof node.value === 'object' && node.value !== null) {
      for (const [key, value] of Object.entries(node.value)) {
        const child: Node = { value, key, parent: node };
        if (malformedText.test(key))
          found.push({ field: field(child), errorCode: 'field.invalid' });
        pending.push(child);
      }
    }
  }
  return found;
}
