import { z } from 'zod';
import { ApiErrorSchema, type ErrorCode } from '@portal/contract';

/**
 * The error answers a route documents, each the API's one error body: `errorResponses(400, 401)`
 * spreads into a route's `response` beside its success.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    Status,
    typeof ApiErrorSchema
  >;
}

/**
 * The error answers of an operation that states which codes each status can carry, so a client
 * generated from the document knows the exact set: `{ 401: ['auth.unauthenticated'] }`. A 400
 * lists the field codes its `errors` may hold under `fields`.
 */
export function errorAnswers<const Codes extends Record<number, readonly ErrorCode[]>>(
  codes: Codes,
  fields: readonly ErrorCode[] = ['field.invalid'],
): { [Status in keyof Codes]: typeof ApiErrorSchema } {
  // Each is the API's error body with fewer codes: what the route's handlers may send is typed
  // by the broad schema, what the document states by the narrow one.
  return Object.fromEntries(
    Object.entries<readonly ErrorCode[]>(codes).map(([status, messages]) => [
      status,
      z.object({
        message: z.enum(messages as [ErrorCode, ...ErrorCode[]]),
        ...(status === '400'
          ? {
              errors: z
                .array(
                  z.object({
                    field: z.string(),
                    errorCode: z.enum(fields as [ErrorCode, ...ErrorCode[]]),
                  }),
                )
                .optional(),
            }
          : {}),
      }),
    ]),
  ) as unknown as { [Status in keyof Codes]: typeof ApiErrorSchema };
}
