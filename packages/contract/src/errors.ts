// No zod here: the SPA checks error bodies with isApiError (see rules.ts), loading this module
// (`@portal/contract/errors`) with the first error an API call answers.
/**
 * The closed list of error codes the API answers with. Each one is a key of the `errors`
 * translation namespace, so the SPA can always show a sentence instead of a code.
 */
export const errorCodes = [
  'request.invalid',
  'request.malformed_json',
  'request.too_large',
  'request.unsupported_media_type',
  'request.forbidden_origin',
  'request.not_found',
  'request.method_not_allowed',
  'request.rate_limited',
  'request.idempotency_mismatch',
  'auth.unauthenticated',
  'auth.forbidden',
  'auth.link_invalid',
  'auth.link_expired',
  'auth.suspended',
  'auth.sso_required',
  'sso.domain_unverified',
  'auth.step_up_required',
  'auth.passkey_required',
  'auth.passkey_refused',
  'auth.passkey_challenge_invalid',
  'auth.passkey_unknown',
  'auth.key_expired',
  'team.already_member',
  'team.already_invited',
  'team.last_admin',
  'team.member_elsewhere',
  'team.invitation_invalid',
  'team.invitation_expired',
  'team.invitation_revoked',
  'team.site_unknown',
  'team.too_many_invitations',
  'team.address_invited_too_often',
  'onboarding.duplicate_serial',
  'onboarding.unknown_site',
  'onboarding.unknown_drum_type',
  'onboarding.unknown_cable',
  'onboarding.unknown_model',
  'onboarding.csv_unreadable',
  'registration.already_decided',
  'registration.not_needed',
  'staff.customer_user',
  'alerts.too_many_external_recipients',
  'alerts.confirmation_link_invalid',
  'alerts.confirmation_link_expired',
  'refill.too_many_attachments',
  'integration.too_many_api_keys',
  'integration.too_many_webhooks',
  'integration.webhook_disabled',
  'integration.webhook_address_not_public',
  'integration.too_many_unmapped_devices',
  'integration.api_key_expiry_in_past',
  'integration.api_key_expiry_too_far',
  'integration.api_key_already_rotated',
  'refill.attachment_storage_full',
  'refill.drum_on_other_site',
  'documents.month_in_future',
  'documents.delivery_note_unavailable',
  'documents.quote_offer_unavailable',
  'documents.too_many_renders',
  'refill.proposal_closed',
  'conversation.too_many_messages',
  'workflow.transition_not_allowed',
  'workflow.already_claimed',
  'workflow.newer_message',
  'workflow.assignee_not_staff',
  'workflow.date_in_past',
  'workflow.attachments_unavailable',
  'collection.already_requested',
  'collection.drum_collected',
  'reading.too_old',
  'collection.slot_in_past',
  'collection.pickup_date_in_past',
  'quote.offer_expired',
  'quote.negative_price',
  'quote.validity_in_past',
  'field.page_too_large',
  'spareparts.part_superseded',
  'spareparts.cart_empty',
  'spareparts.search_too_broad',
  'field.required',
  'field.invalid',
  'field.invalid_email',
  'field.too_long',
  'field.too_short',
  'field.control_characters',
  'field.page_too_deep',
  'server.unavailable',
  'server.busy',
  'server.internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * What the SPA may have to say besides the API's codes: the call got no answer (`network`), an
 * answer it cannot read (`unknown`), or the browser's passkey prompt was closed or is missing. Each is a key of the `errors` namespace too.
 */
export const clientErrorCodes = [
  'network',
  'unknown',
  'passkey_cancelled',
  'passkey_unsupported',
] as const;

export type ClientErrorCode = (typeof clientErrorCodes)[number];

export interface FieldError {
  field: string;
  errorCode: ErrorCode;
}

/** Every error answer of the API has this shape. */
export interface ApiError {
  message: ErrorCode;
  errors?: FieldError[];
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

/**
 * Whether a response body has the API error shape. Written without zod on purpose: the SPA's
 * API client loads it with its first error, and it must not pull the validation library in.
 */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { message, errors } = value as { message?: unknown; errors?: unknown };
  if (typeof message !== 'string' || !knownCodes.has(message)) return false;
  if (errors === undefined) return true;
  return (
    Array.isArray(errors) &&
    errors.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { field?: unknown }).field === 'string' &&
        knownCodes.has((entry as { errorCode?: unknown }).errorCode as string),
    )
  );
}
