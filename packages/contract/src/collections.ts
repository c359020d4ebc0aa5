import { z } from 'zod';
import { NextOffsetSchema, pageQuery } from './paging';
import { handlingFields } from './refill';
import { freeText } from './text';
import { collectionStatuses } from './workflows';

export const CollectionStatusSchema = z.enum(collectionStatuses);

/** How the empty drum can be loaded on the truck: the site's forklift, a crane, or nothing. */
export const loadingMeans = ['forklift', 'crane', 'none'] as const;
export const LoadingMeansSchema = z.enum(loadingMeans);
export type LoadingMeans = z.infer<typeof LoadingMeansSchema>;

/** Half-days the truck can come in: the morning (8:00–12:00) or the afternoon (13:00–17:00). */
export const slotPeriods = ['morning', 'afternoon'] as const;
export const TimeSlotSchema = z.object({ date: z.iso.date(), period: z.enum(slotPeriods) });
export type TimeSlot = z.infer<typeof TimeSlotSchema>;

/** The most half-days a customer offers for one pickup. */
export const COLLECTION_SLOTS_MAX = 6;

/**
 * Releasing an empty drum: where to pick it up (the site's address, editable), the half-days the
 * truck may come, the loading means on site and a comment. The server also refuses a slot before
 * today in the provider's calendar (400 `collection.slot_in_past`).
 */
export const CreateCollectionRequestSchema = z.object({
  drumId: z.uuid(),
  pickupAddress: freeText({ min: 1, max: 500, multiline: true }),
  timeSlots: z
    .array(TimeSlotSchema)
    .min(1)
    .max(COLLECTION_SLOTS_MAX)
    .refine(
      (slots) => new Set(slots.map((slot) => `${slot.date}/${slot.period}`)).size === slots.length,
      { params: { errorCode: 'field.invalid' } },
    ),
  loadingMeans: LoadingMeansSchema,
  comment: freeText({ max: 1000, multiline: true }).optional(),
});
export type CreateCollectionRequest = z.input<typeof CreateCollectionRequestSchema>;

export const CollectionSchema = z.object({
  id: z.uuid(),
  /** Human reference, e.g. CO-000042. */
  number: z.string(),
  status: CollectionStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  drum: z.object({ id: z.uuid(), serial: z.string() }),
  site: z.object({ id: z.uuid(), name: z.string() }),
  pickupAddress: z.string(),
  timeSlots: z.array(TimeSlotSchema),
  loadingMeans: LoadingMeansSchema,
  comment: z.string().nullable(),
  /** The day staff set for the pickup, once scheduled. */
  pickupDate: z.iso.date().nullable(),
  /** The day the drum was collected: its rent stops then. */
  collectedOn: z.iso.date().nullable(),
  /** Why staff cancelled it. */
  statusReason: z.string().nullable(),
  ...handlingFields,
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionListSchema = z.object({
  collections: z.array(CollectionSchema),
  nextOffset: NextOffsetSchema,
});
export type CollectionList = z.infer<typeof CollectionListSchema>;
/** Newest first. */
export const CollectionListQuerySchema = pageQuery(50);

/** A customer's transitions on a collection. */
export const CollectionTransitionRequestSchema = z.object({ action: z.literal('cancel') });
