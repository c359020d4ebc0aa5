import { ApiErrorSchema } from '@portal/contract';

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
