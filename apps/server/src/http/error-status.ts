import type { ErrorCode } from '@portal/contract';

/**
 * The HTTP status of each error code: the one place a code becomes a status. Field codes only
 * ever appear inside a `request.invalid` answer's `errors`.
 */
export const errorStatus: Record<ErrorCode, number> = {
  'request.invalid': 400,
  'request.malformed_json': 400,
  'request.too_large': 413,
  'request.unsupported_media_type': 415,
  'request.forbidden_origin': 403,
  'request.not_found': 404,
  'request.method_not_allowed': 405,
  'request.rate_limited': 429,
  'request.idempotency_mismatch': 422,
  'auth.unauthenticated': 401,
  'auth.forbidden': 403,
  'auth.link_invalid': 400,
  'auth.link_expired': 400,
  'alerts.too_many_external_recipients': 400,
  'alerts.confirmation_link_invalid': 400,
  'alerts.confirmation_link_expired': 400,
  'refill.too_many_attachments': 409,
  'integration.too_many_api_keys': 409,
  'refill.attachment_storage_full': 409,
  'conversation.too_many_messages': 429,
  'field.page_too_large': 400,
  'spareparts.part_superseded': 400,
  'spareparts.cart_empty': 400,
  'spareparts.search_too_broad': 400,
  'field.required': 400,
  'field.invalid': 400,
  'field.invalid_email': 400,
  'field.too_long': 400,
  'field.too_short': 400,
  'field.control_characters': 400,
  'field.page_too_deep': 400,
  'server.unavailable': 503,
  'server.internal': 500,
};
