import { z } from 'zod';
import { refillProposalStatuses } from './refill-constants';
import { ContactPhoneSchema } from './refill';

export const RefillProposalStatusSchema = z.enum(refillProposalStatuses);

/**
 * A refill the portal drafted because the drum's forecast run-out falls within the refill lead
 * time: a buyer confirms it (a refill request is sent) or dismisses it.
 */
export const RefillProposalSchema = z.object({
  id: z.uuid(),
  status: RefillProposalStatusSchema,
  drum: z.object({ id: z.uuid(), serial: z.string(), reference: z.string() }),
  site: z.object({ id: z.uuid(), name: z.string() }),
  quantity: z.number().int().positive(),
  /** The delivery date the request will ask for: the earliest possible, never in the past. */
  deliveryDate: z.iso.date(),
  /** The forecast run-out the proposal was drafted from. */
  runOutOn: z.iso.date(),
  remainingM: z.number(),
  /**
   * The contact phone the request will carry (the site's latest request's, else the reader's
   * own); null when none is known, and the request form then takes the proposal over.
   */
  contactPhone: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type RefillProposal = z.infer<typeof RefillProposalSchema>;

/** GET /api/refill/proposals: the open proposals of the reader's drums, soonest run-out first. */
export const RefillProposalListSchema = z.object({ proposals: z.array(RefillProposalSchema) });
export type RefillProposalList = z.infer<typeof RefillProposalListSchema>;

export const RefillProposalParamsSchema = z.object({ id: z.uuid() });

/** POST /api/refill/proposals/{id}/confirm: a phone other than the proposed one, if wanted. */
export const ConfirmRefillProposalSchema = z.object({
  contactPhone: ContactPhoneSchema.optional(),
});
export type ConfirmRefillProposal = z.infer<typeof ConfirmRefillProposalSchema>;
