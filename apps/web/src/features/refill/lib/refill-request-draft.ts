import { isValidTime } from '@portal/ui/time-field';
import type { CreateRefillRequest } from '@portal/contract';
import { earliestDeliveryDate, isWeekend, toIsoDate } from './delivery-date';
import { checkRequiredNumber, checkRequiredString, REQUIRED } from '@/lib/form-rules';

export const MAX_QUANTITY = 20;
export const PO_MAX_LENGTH = 40;
export const COMMENT_MAX_LENGTH = 1000;

/** What the stepper holds while the user fills it in. */
export interface RefillRequestDraft {
  items: { drumId: string; quantity: number | null }[];
  siteId: string | null;
  deliveryDate: Date | null;
  window: { start: string; end: string };
  /** The number as typed, and its E.164 form when the phone input can read it. */
  phone: { text: string; e164: string | undefined; isValid: boolean };
  poNumber: string;
  comment: string;
  attachment: File | null;
}

export const emptyDraft = (
  drumIds: string[] = [],
  siteId: string | null = null,
): RefillRequestDraft => ({
  items: drumIds.map((drumId) => ({ drumId, quantity: 1 })),
  siteId,
  deliveryDate: null,
  window: { start: '08:00', end: '12:00' },
  phone: { text: '', e164: undefined, isValid: false },
  poNumber: '',
  comment: '',
  attachment: null,
});

/** Field → translation key of its error (refill namespace). */
export type DraftErrors = Partial<
  Record<'items' | 'siteId' | 'deliveryDate' | 'window' | 'phone' | 'poNumber' | 'comment', string>
> & { quantities?: Record<string, string> };

/**
 * One request is one delivery: its drums are all on one site, the site it is delivered to.
 * `siteOf` gives a drum's site (the overview's drums).
 */
export function validateItems(
  draft: RefillRequestDraft,
  siteOf: (drumId: string) => string | undefined = () => undefined,
): DraftErrors {
  const errors: DraftErrors = {};
  const itemSites = new Set(draft.items.map((item) => siteOf(item.drumId)).filter(Boolean));
  if (draft.items.length === 0) errors.items = 'request.errors.noDrum';
  else if (itemSites.size > 1) errors.items = 'request.errors.oneSite';
  const quantities: Record<string, string> = {};
  for (const item of draft.items) {
    const missing = checkRequiredNumber(item.quantity);
    if (missing) quantities[item.drumId] = missing;
    else if (
      item.quantity === null ||
      !Number.isInteger(item.quantity) ||
      item.quantity < 1 ||
      item.quantity > MAX_QUANTITY
    )
      quantities[item.drumId] = 'request.errors.quantity';
  }
  if (Object.keys(quantities).length) errors.quantities = quantities;
  return errors;
}

export function validateDelivery(
  draft: RefillRequestDraft,
  today: Date = new Date(),
  siteOf: (drumId: string) => string | undefined = () => undefined,
): DraftErrors {
  const errors: DraftErrors = {};
  const siteMissing = checkRequiredString(draft.siteId);
  if (siteMissing) errors.siteId = siteMissing;
  else if (draft.items.some((item) => (siteOf(item.drumId) ?? draft.siteId) !== draft.siteId))
    errors.siteId = 'request.errors.siteOfDrums';
  if (!draft.deliveryDate) errors.deliveryDate = REQUIRED;
  else if (
    toIsoDate(draft.deliveryDate) < toIsoDate(earliestDeliveryDate(today)) ||
    isWeekend(draft.deliveryDate)
  )
    errors.deliveryDate = 'request.errors.deliveryDate';
  const { start, end } = draft.window;
  if (!isValidTime(start) || !isValidTime(end)) errors.window = 'request.errors.time';
  // Both are valid zero-padded HH:MM, so text order is time order.
  else if (start >= end) errors.window = 'request.errors.window';
  if (checkRequiredString(draft.phone.text) || !draft.phone.e164) errors.phone = REQUIRED;
  else if (!draft.phone.isValid) errors.phone = 'request.errors.phone';
  if (draft.poNumber.trim().length > PO_MAX_LENGTH) errors.poNumber = 'request.errors.poNumber';
  if (draft.comment.trim().length > COMMENT_MAX_LENGTH) errors.comment = 'request.errors.comment';
  return errors;
}

export const hasErrors = (errors: DraftErrors): boolean => Object.keys(errors).length > 0;

/** The body of POST /refill/requests, once both steps are valid. */
export function toCreateRequest(draft: RefillRequestDraft): CreateRefillRequest {
  const poNumber = draft.poNumber.trim();
  const comment = draft.comment.trim();
  return {
    items: draft.items.map((item) => ({ drumId: item.drumId, quantity: item.quantity ?? 1 })),
    siteId: draft.siteId ?? '',
    deliveryDate: draft.deliveryDate ? toIsoDate(draft.deliveryDate) : '',
    windowStart: draft.window.start,
    windowEnd: draft.window.end,
    contactPhone: draft.phone.e164 ?? '',
    ...(poNumber ? { poNumber } : {}),
    ...(comment ? { comment } : {}),
  };
}
