// No zod here: the refill screen's first render reads these constants, and must not pull the
// validation library in with them (first-page budgets; the schemas are in refill.ts).

export const drumStatuses = ['ok', 'low', 'critical', 'ordered'] as const;
export type DrumStatus = (typeof drumStatuses)[number];

/** Whether a drum in `status` has a refill under way: a new request for it would repeat one. */
export function hasRefillUnderway(status: DrumStatus): boolean {
  return status === 'ordered';
}

/** Attachments: PDF, PNG or JPEG (checked by content), at most 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Where a reading came from: typed in by a person, or sent by the drum's sensor. */
export const readingSources = ['manual', 'sensor'] as const;
export type ReadingSource = (typeof readingSources)[number];

/** A sensor reporting this battery level (%) or less is shown as needing a new battery. */
export const SENSOR_LOW_BATTERY_PCT = 15;

/**
 * A proposed refill: drafted by the portal when a drum's forecast run-out falls within the refill
 * lead time, then confirmed by a buyer (it becomes a refill request) or dismissed.
 */
export const refillProposalStatuses = ['open', 'confirmed', 'dismissed'] as const;
export type RefillProposalStatus = (typeof refillProposalStatuses)[number];
