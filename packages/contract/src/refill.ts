import { z } from 'zod';
import { freeText } from './text';
import { LIST_PAGE_SIZE_MAX, NextOffsetSchema, pageQuery } from './paging';
import { drumStatuses, readingSources } from './refill-constants';
import { refillRequestStatuses } from './workflows';
import { AccountRentTermsSchema, DrumRentSchema } from './drum-account';

export * from './refill-constants';

export const DrumStatusSchema = z.enum(drumStatuses);
export const ReadingSourceSchema = z.enum(readingSources);

/** A sensor's battery in %, when it said. */
const BatterySchema = z.number().min(0).max(100).nullable();
/** A sensor's radio signal in dBm, when it said. */
const SignalSchema = z.number().nullable();

/**
 * A drum's sensor as its readings show it; null for a drum no sensor ever reported on. The
 * battery and signal are those of its latest sensor reading.
 */
export const DrumSensorSchema = z.object({
  lastReadingAt: z.iso.datetime({ offset: true }),
  battery: BatterySchema,
  signal: SignalSchema,
  /** Nothing from the sensor for longer than the server's silence setting. */
  isStale: z.boolean(),
});
export type DrumSensor = z.infer<typeof DrumSensorSchema>;

/** A drum's label code: 16 lower-case hexadecimal characters drawn at random. */
export const DrumPublicCodeSchema = z.string().regex(/^[0-9a-f]{16}$/);

/** One drum of the refill overview, with the values the server derives. */
export const DrumSummarySchema = z.object({
  id: z.uuid(),
  /** The code on the drum's label: its page's address (`drumPageLink`) carries it. */
  publicCode: DrumPublicCodeSchema,
  serial: z.string(),
  site: z.object({
    id: z.uuid(),
    name: z.string(),
    city: z.string(),
    /** Street and postcode, when the site has them: a drum's pickup address starts from it. */
    address: z.string().nullable().optional(),
  }),
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
  /** Who took the latest reading; null without readings. */
  lastReadingSource: ReadingSourceSchema.nullable(),
  sensor: DrumSensorSchema.nullable(),
  /** Metres a day over the last 30 days; null without two readings in that window. */
  averageDailyConsumptionM: z.number().nullable(),
  /** YYYY-MM-DD; null when the drum is not being used. */
  estimatedRunOutOn: z.iso.date().nullable(),
  status: DrumStatusSchema,
  activeAlert: z.enum(['low', 'critical']).nullable(),
  /** YYYY-MM-DD, the day the drum came to its site. */
  deliveredOn: z.iso.date(),
  rent: DrumRentSchema,
});
export type DrumSummary = z.infer<typeof DrumSummarySchema>;

export const DrumListResponseSchema = z.object({
  drums: z.array(DrumSummarySchema),
  thresholds: z.object({ thresholdPct: z.number(), criticalPct: z.number() }),
  rentTerms: AccountRentTermsSchema,
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
  /** Manual and sensor readings in one timeline, oldest first. */
  points: z.array(
    z.object({
      at: z.iso.datetime({ offset: true }),
      remainingM: z.number(),
      source: ReadingSourceSchema,
      battery: BatterySchema,
      signal: SignalSchema,
    }),
  ),
});
export type QuantityGraph = z.infer<typeof QuantityGraphSchema>;

/**
 * How long ago a manual reading may have been taken: a reading kept on a phone without signal
 * is sent days later, dated when it was taken; one older than this is refused
 * (`reading.too_old`), as the forecast it would change has long moved on.
 */
export const MAX_READING_AGE_DAYS = 30;

/**
 * A manual reading: what is left on the drum, when (not in the future, at most
 * MAX_READING_AGE_DAYS ago). Sent with an Idempotency-Key, it is recorded once per drum and key.
 */
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
  source: ReadingSourceSchema,
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

/** Recipients outside the account's users; each must confirm before receiving anything. */
export const MAX_EXTERNAL_ALERT_RECIPIENTS = 5;

/**
 * Where a configured recipient stands: a user of the account gets alerts at once (`member`); any
 * other address gets one confirmation mail and nothing else until it confirms (`pending`, then
 * `confirmed`).
 */
export const alertRecipientStatuses = ['member', 'pending', 'confirmed'] as const;
export const AlertRecipientSchema = z.object({
  email: z.string(),
  status: z.enum(alertRecipientStatuses),
});
export type AlertRecipient = z.infer<typeof AlertRecipientSchema>;

/** The one-time link of a confirmation mail: /alerts/confirm/<token>. */
export const ConfirmAlertRecipientRequestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type ConfirmAlertRecipientRequest = z.infer<typeof ConfirmAlertRecipientRequestSchema>;
export const ConfirmAlertRecipientResponseSchema = z.object({ email: z.string() });

/** GET /refill/alerts (query key `refill_alert`): the settings and the active alerts. */
export const AlertsResponseSchema = z.object({
  settings: AlertSettingsSchema,
  /** The settings' recipients, in their order, with their state. */
  recipients: z.array(AlertRecipientSchema),
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

/** HH:MM, 00:00–23:59. */
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const RefillRequestStatusSchema = z.enum(refillRequestStatuses);

/** A phone number in E.164 form, e.g. +33612345678. */
export const ContactPhoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/);

/**
 * A refill request, as its stepper collects it: drums and quantities, then delivery. The server also
 * checks the date: not before today + 2 working days and not on a weekend, in the user's
 * `Timezone` (error code field.invalid on deliveryDate).
 */
export const CreateRefillRequestSchema = z
  .object({
    items: z
      .array(z.object({ drumId: z.uuid(), quantity: z.number().int().min(1).max(20) }))
      .min(1)
      .max(50),
    siteId: z.uuid(),
    deliveryDate: z.iso.date(),
    windowStart: TimeOfDaySchema,
    windowEnd: TimeOfDaySchema,
    contactPhone: ContactPhoneSchema,
    poNumber: freeText({ max: 40 }).optional(),
    comment: freeText({ max: 1000, multiline: true }).optional(),
  })
  // Compared only when both are valid times: a malformed one is already reported on its own field.
  .refine(
    ({ windowStart, windowEnd }) =>
      !TimeOfDaySchema.safeParse(windowStart).success ||
      !TimeOfDaySchema.safeParse(windowEnd).success ||
      windowStart < windowEnd,
    { path: ['windowEnd'] },
  );
export type CreateRefillRequest = z.input<typeof CreateRefillRequestSchema>;

export const AttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Who attached it: the customer, or customer service answering them. */
  author: z.enum(['customer', 'service']),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/**
 * One step of an item's timeline: a transition (from → to), a claim or an assignment, who made
 * it (`actor` is a name, or null for the system) and when. `reason`, `deliveryDate` and
 * `poNumber` come in `details` with the transitions that carry them.
 */
export const TimelineEventSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  side: z.enum(['customer', 'staff', 'system']),
  actor: z.string().nullable(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;

export const TurnSchema = z.enum(['customer', 'provider']).nullable();
/** A staff member as the other side sees them: "handled by …". */
export const AssigneeSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();
export type Assignee = z.infer<typeof AssigneeSchema>;

/** What the customer sees of an item's handling, on each refill request and quote. */
export const handlingFields = {
  /** The side that must act next; null once closed. */
  turn: TurnSchema,
  handledBy: AssigneeSchema,
  timeline: z.array(TimelineEventSchema),
  /** Provider activity (a reply, a transition) the customer has not seen yet. */
  unread: z.boolean(),
};

export const RefillRequestSchema = z.object({
  id: z.uuid(),
  /** Human reference, e.g. RR-000042. */
  number: z.string(),
  status: RefillRequestStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  site: z.object({ id: z.uuid(), name: z.string() }),
  items: z.array(z.object({ drumId: z.uuid(), serial: z.string(), quantity: z.number().int() })),
  deliveryDate: z.iso.date(),
  windowStart: TimeOfDaySchema,
  windowEnd: TimeOfDaySchema,
  contactPhone: z.string(),
  poNumber: z.string().nullable(),
  comment: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
  /** Why staff cancelled it. */
  statusReason: z.string().nullable(),
  ...handlingFields,
});
export type RefillRequest = z.infer<typeof RefillRequestSchema>;

export const RefillRequestListSchema = z.object({
  requests: z.array(RefillRequestSchema),
  nextOffset: NextOffsetSchema,
});
/** Newest first. */
export const RefillRequestListQuerySchema = pageQuery(50);
export type RefillRequestList = z.infer<typeof RefillRequestListSchema>;

export const RequestIdParamsSchema = z.object({ id: z.uuid() });

/** One message of a request's conversation (chat): the customer or customer service. */
export const MessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['customer', 'service']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageListSchema = z.object({
  messages: z.array(MessageSchema),
  nextOffset: NextOffsetSchema,
});
export type MessageList = z.infer<typeof MessageListSchema>;
/** Oldest first. */
export const MessageListQuerySchema = pageQuery(LIST_PAGE_SIZE_MAX);

export const CreateMessageRequestSchema = z.object({
  body: freeText({ min: 1, max: 2000, multiline: true }),
});

/** The Idempotency-Key a manual reading may carry: the key a device drew for it. */
export const ReadingIdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/)
    .optional(),
});

/** The sticker sheets labels are printed on: 21 labels of 63.5 × 38.1 mm, or 4 of 99.1 × 139 mm (A4). */
export const labelSheets = ['a4-21', 'a4-4'] as const;
export const LabelSheetSchema = z.enum(labelSheets);
export type LabelSheet = z.infer<typeof LabelSheetSchema>;

/** At most this many drums' labels in one sheet request. */
export const MAX_LABELS = 200;

/** The drums whose labels to print (one or a selection) and the sheet they go on. */
export const DrumLabelsQuerySchema = z.object({
  drum: z
    .union([z.uuid(), z.array(z.uuid()).min(1).max(MAX_LABELS)])
    .transform((value) => (Array.isArray(value) ? value : [value])),
  sheet: LabelSheetSchema.default('a4-21'),
});
export type DrumLabelsQuery = z.output<typeof DrumLabelsQuerySchema>;
