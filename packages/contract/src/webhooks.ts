import { z } from 'zod';
import { freeText } from './text';
import { NextOffsetSchema, pageQuery } from './paging';

/**
 * The events an account's webhook endpoints may subscribe to: a refill request changed status,
 * a quote was offered, a drum crossed its account's low or critical threshold.
 */
export const webhookEventTypes = [
  'refill_request.status_changed',
  'quote.offered',
  'drum.low',
  'drum.critical',
] as const;
export const WebhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** Endpoints an account may register: one per receiving system, not one per event. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

/**
 * A receiver's address: https only (the payload is signed, not encrypted), at most 2,000
 * characters, without user name or password (they would be sent in clear to every log).
 */
export const WebhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https$/ }))
  .refine((value) => !/^https:\/\/[^/?#]*@/i.test(value), {
    params: { errorCode: 'field.invalid' },
  });

const EventListSchema = z
  .array(WebhookEventTypeSchema)
  .min(1)
  .max(webhookEventTypes.length)
  .refine((events) => new Set(events).size === events.length, {
    params: { errorCode: 'field.invalid' },
  });

export const CreateWebhookEndpointRequestSchema = z.object({
  url: WebhookUrlSchema,
  description: freeText({ max: 120 }).optional(),
  events: EventListSchema,
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequestSchema>;

/** What an admin may change: the events, whether it is enabled, its address or description. */
export const UpdateWebhookEndpointRequestSchema = z
  .object({
    url: WebhookUrlSchema.optional(),
    description: freeText({ max: 120 }).optional(),
    events: EventListSchema.optional(),
    isEnabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    params: { errorCode: 'field.required' },
  });
export type UpdateWebhookEndpointRequest = z.infer<typeof UpdateWebhookEndpointRequestSchema>;

/**
 * An endpoint as the portal shows it, never its secret. `disabledReason` says who disabled it:
 * an admin, or the portal after its deliveries failed for 3 days.
 */
export const WebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  isEnabled: z.boolean(),
  disabledReason: z.enum(['admin', 'failing']).nullable(),
  /** While a rotated secret's overlap lasts, deliveries are signed with both secrets. */
  previousSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer of a creation or a rotation: the only time the secret (`whsec_…`) is shown. */
export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookEndpointListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
});
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

export const WebhookEndpointIdParamsSchema = z.object({ id: z.uuid() });
export const WebhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** One attempt to deliver a message: what the receiver answered and how long it took. */
export const WebhookAttemptSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  outcome: z.enum(['succeeded', 'failed']),
  /** The receiver's HTTP status; null when no answer came (timeout, refused connection). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  isRedelivery: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/**
 * One event sent to one endpoint (its `webhook-id` is `msg_` and this id), with its attempts,
 * newest first: `pending` while retries remain, `failed` once given up.
 */
export const WebhookDeliverySchema = z.object({
  id: z.uuid(),
  webhookId: z.string(),
  eventType: WebhookEventTypeSchema,
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.iso.datetime({ offset: true }),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  nextOffset: NextOffsetSchema,
});
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
/** Newest first. */
export const WebhookDeliveryListQuerySchema = pageQuery(20);

// ---------------------------------------------------------------------------------------------
// What the receivers get: { type, timestamp, data }, signed as Standard Webhooks.

const timestamp = z.iso.datetime({ offset: true });

export const RefillRequestStatusChangedDataSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  from: z.string(),
  to: z.string(),
  changedBy: z.enum(['customer', 'staff', 'system']),
  deliveryDate: z.iso.date(),
});

export const QuoteOfferedDataSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  validUntil: z.iso.date(),
  discountBasisPoints: z.number().int(),
  lines: z.array(
    z.object({
      partNumber: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
    }),
  ),
});

export const DrumLevelDataSchema = z.object({
  drumId: z.uuid(),
  serial: z.string(),
  site: z.string(),
  remainingLength: z.number(),
  remainingPercent: z.number(),
  measuredAt: timestamp,
});

function eventSchema<T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) {
  return z.object({ type: z.literal(type), timestamp, data });
}

/** The body of each event, by type: what /api/v1/openapi.json documents under `webhooks`. */
export const webhookPayloadSchemas = {
  'refill_request.status_changed': eventSchema(
    'refill_request.status_changed',
    RefillRequestStatusChangedDataSchema,
  ),
  'quote.offered': eventSchema('quote.offered', QuoteOfferedDataSchema),
  'drum.low': eventSchema('drum.low', DrumLevelDataSchema),
  'drum.critical': eventSchema('drum.critical', DrumLevelDataSchema),
} as const;

export type WebhookEventData = {
  'refill_request.status_changed': z.infer<typeof RefillRequestStatusChangedDataSchema>;
  'quote.offered': z.infer<typeof QuoteOfferedDataSchema>;
  'drum.low': z.infer<typeof DrumLevelDataSchema>;
  'drum.critical': z.infer<typeof DrumLevelDataSchema>;
};
