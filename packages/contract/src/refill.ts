import { z } from 'zod';

export const drumStatuses = ['ok', 'low', 'critical', 'ordered'] as const;
export const DrumStatusSchema = z.enum(drumStatuses);
export type DrumStatus = z.infer<typeof DrumStatusSchema>;

/** One drum of the refill overview, with the values the server derives (DESIGN §8). */
export const DrumSummarySchema = z.object({
  id: z.uuid(),
  serial: z.string(),
  site: z.object({ id: z.uuid(), name: z.string(), city: z.string() }),
  product: z.object({
    id: z.uuid(),
    reference: z.string(),
    family: z.string(),
    crossSectionMm2: z.number(),
  }),
  drumType: z.object({ id: z.uuid(), code: z.string() }),
  initialLengthM: z.number(),
  remainingM: z.number(),
  /** 0–100, one decimal. */
  remainingPct: z.number(),
  lastReadingAt: z.iso.datetime({ offset: true }).nullable(),
  /** Metres a day over the last 30 days; null without two readings in that window. */
  averageDailyConsumptionM: z.number().nullable(),
  /** YYYY-MM-DD; null when the drum is not being used. */
  estimatedRunOutOn: z.iso.date().nullable(),
  status: DrumStatusSchema,
  activeAlert: z.enum(['low', 'critical']).nullable(),
});
export type DrumSummary = z.infer<typeof DrumSummarySchema>;

export const DrumListResponseSchema = z.object({
  drums: z.array(DrumSummarySchema),
  thresholds: z.object({ thresholdPct: z.number(), criticalPct: z.number() }),
});
export type DrumListResponse = z.infer<typeof DrumListResponseSchema>;

export const DrumIdParamsSchema = z.object({ id: z.uuid() });

export const QuantityGraphQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'] });

/** The quantity graph of a drum (query key `qgraph`): remaining length over time. */
export const QuantityGraphSchema = z.object({
  drumId: z.uuid(),
  initialLengthM: z.number(),
  thresholdM: z.number(),
  criticalM: z.number(),
  points: z.array(z.object({ at: z.iso.datetime({ offset: true }), remainingM: z.number() })),
});
export type QuantityGraph = z.infer<typeof QuantityGraphSchema>;

/** A manual reading: what is left on the drum, when (not in the future). */
export const CreateReadingRequestSchema = z.object({
  remainingM: z.number().min(0).max(100_000),
  readAt: z.iso.datetime({ offset: true }),
});
export type CreateReadingRequest = z.infer<typeof CreateReadingRequestSchema>;

export const ReadingSchema = z.object({
  id: z.uuid(),
  drumId: z.uuid(),
  readAt: z.iso.datetime({ offset: true }),
  remainingM: z.number(),
  source: z.enum(['manual', 'sensor']),
});

export const AlertSettingsSchema = z
  .object({
    thresholdPct: z.number().int().min(1).max(99),
    criticalPct: z.number().int().min(0).max(98),
    emailEnabled: z.boolean(),
    recipients: z.array(z.email().max(254)).max(20),
  })
  .refine((settings) => settings.criticalPct < settings.thresholdPct, { path: ['criticalPct'] });
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** GET /refill/alerts (query key `refill_alert`): the settings and the active alerts. */
export const AlertsResponseSchema = z.object({
  settings: AlertSettingsSchema,
  active: z.array(
    z.object({
      id: z.uuid(),
      drumId: z.uuid(),
      serial: z.string(),
      level: z.enum(['low', 'critical']),
      raisedAt: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type AlertsResponse = z.infer<typeof AlertsResponseSchema>;
