import { z } from 'zod';
import { freeText } from './text';
import { NextOffsetSchema, pageQuery } from './paging';
import { PriceFiguresSchema } from './prices';
import {
  AssigneeSchema,
  AttachmentSchema,
  MessageSchema,
  TimelineEventSchema,
  TurnSchema,
} from './refill';
import { TimeSlotSchema, LoadingMeansSchema } from './collections';
import { collectionActions, quoteActions, refillRequestActions, workItemKinds } from './workflows';

export const WorkItemKindSchema = z.enum(workItemKinds);
export const InboxAssigneeFilterSchema = z.enum(['me', 'unassigned', 'any']);
/** `open`: every item not closed yet (the default); `all`: closed ones too. */
export const InboxStatusFilterSchema = z.string().regex(/^[a-z_]{1,20}$/);

/** The inbox's "waiting" view: items whose customer has waited at least this many days. */
export const INBOX_WAITING_VIEW_DAYS = 3;

export const InboxQuerySchema = pageQuery(50).extend({
  kind: WorkItemKindSchema.optional(),
  status: InboxStatusFilterSchema.default('open'),
  accountId: z.uuid().optional(),
  siteId: z.uuid().optional(),
  assignee: InboxAssigneeFilterSchema.default('any'),
  /** Only items waiting (or created, once answered) at least this many days ago. */
  minAgeDays: z.coerce.number().int().min(0).max(3650).optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export type InboxQuery = z.input<typeof InboxQuerySchema>;

export const InboxItemSchema = z.object({
  id: z.uuid(),
  kind: WorkItemKindSchema,
  reference: z.string(),
  status: z.string(),
  turn: TurnSchema,
  account: z.object({ id: z.uuid(), name: z.string() }),
  site: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  assignee: AssigneeSchema,
  createdAt: z.iso.datetime({ offset: true }),
  waitingSince: z.iso.datetime({ offset: true }).nullable(),
  dueAt: z.iso.datetime({ offset: true }).nullable(),
  overdue: z.boolean(),
  unread: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const InboxCountsSchema = z.object({
  /** Items matching the filters other than status, by status. */
  byStatus: z.record(z.string(), z.number().int()),
  /** Items matching every filter, by kind and by mark. */
  total: z.number().int(),
  mine: z.number().int(),
  unassigned: z.number().int(),
  overdue: z.number().int(),
  unread: z.number().int(),
  /**
   * When the next item under these filters falls due and becomes overdue, if one will: the inbox
   * is read again then, so its marks and counts change on time without any other change.
   */
  nextDueAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * The saved views: items matching the kind, status, account and site filters (not the assignee,
   * lateness or age ones), all of them, assigned to me, to nobody, overdue, and waiting at least
   * `INBOX_WAITING_VIEW_DAYS` days.
   */
  views: z.object({
    all: z.number().int(),
    mine: z.number().int(),
    unassigned: z.number().int(),
    overdue: z.number().int(),
    waiting: z.number().int(),
  }),
});
export type InboxCounts = z.infer<typeof InboxCountsSchema>;

export const InboxSchema = z.object({
  items: z.array(InboxItemSchema),
  nextOffset: NextOffsetSchema,
  counts: InboxCountsSchema,
});
export type Inbox = z.infer<typeof InboxSchema>;

export const WorkItemParamsSchema = z.object({ id: z.uuid() });

export const NoteSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Note = z.infer<typeof NoteSchema>;

export const CreateNoteRequestSchema = z.object({
  body: freeText({ min: 1, max: 2000, multiline: true }),
});

export const OfferLineSchema = z.object({
  lineId: z.uuid(),
  partNumber: z.string(),
  designation: z.string(),
  quantity: z.number().int(),
  /** The catalogue price the day it was requested. */
  listUnitPriceCents: z.number().int(),
  offeredUnitPriceCents: z.number().int().nullable(),
});

/** One item as staff work it: the inbox row, its details, timeline (internal steps too) and notes. */
export const WorkItemDetailSchema = InboxItemSchema.extend({
  createdBy: z.string().nullable(),
  comment: z.string().nullable(),
  statusReason: z.string().nullable(),
  /** A refill request's delivery, drums and quantities. */
  refill: z
    .object({
      deliveryDate: z.iso.date(),
      windowStart: z.string(),
      windowEnd: z.string(),
      contactPhone: z.string(),
      poNumber: z.string().nullable(),
      items: z.array(z.object({ serial: z.string(), quantity: z.number().int() })),
      /** The customer's files and customer service's, oldest first. */
      attachments: z.array(AttachmentSchema),
    })
    .nullable(),
  /** A quote's lines and offer. */
  quote: z
    .object({
      lines: z.array(OfferLineSchema),
      discountBasisPoints: z.number().int(),
      validUntil: z.iso.date().nullable(),
      offerNote: z.string().nullable(),
      /** The figures at the offered prices (the catalogue's where none is offered yet). */
      figures: PriceFiguresSchema,
      poNumber: z.string().nullable(),
    })
    .nullable(),
  /** A collection's drum, pickup address, offered half-days, loading means and dates. */
  collection: z
    .object({
      drum: z.object({ id: z.uuid(), serial: z.string() }),
      pickupAddress: z.string(),
      timeSlots: z.array(TimeSlotSchema),
      loadingMeans: LoadingMeansSchema,
      pickupDate: z.iso.date().nullable(),
      collectedOn: z.iso.date().nullable(),
    })
    .nullable(),
  actions: z.array(z.string()),
  timeline: z.array(TimelineEventSchema.extend({ internal: z.boolean() })),
  notes: z.array(NoteSchema),
  messages: z.array(MessageSchema),
});
export type WorkItemDetail = z.infer<typeof WorkItemDetailSchema>;

export const OfferSchema = z.object({
  lines: z
    .array(z.object({ lineId: z.uuid(), unitPriceCents: z.number().int().max(100_000_000) }))
    .min(1)
    .max(500),
  /** 0 to 10,000 (100 %). */
  discountBasisPoints: z.number().int().min(0).max(10_000).default(0),
  validUntil: z.iso.date(),
  note: freeText({ max: 2000, multiline: true }).optional(),
});

const Reason = freeText({ min: 1, max: 500, multiline: true });

/** The transitions staff make, each with what it needs. */
export const StaffTransitionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('confirm'), deliveryDate: z.iso.date() }),
  /** A collection's schedule carries its pickup date (required there); a refill's carries none. */
  z.object({ action: z.literal('schedule'), pickupDate: z.iso.date().optional() }),
  z.object({ action: z.literal('deliver') }),
  z.object({ action: z.literal('collect') }),
  z.object({ action: z.literal('cancel'), reason: Reason }),
  z.object({ action: z.literal('review') }),
  z.object({ action: z.literal('offer'), offer: OfferSchema }),
  z.object({ action: z.literal('requote') }),
]);
export type StaffTransitionRequest = z.input<typeof StaffTransitionRequestSchema>;

/** A customer's transitions on a refill request. */
export const RefillRequestTransitionRequestSchema = z.object({
  action: z.literal('cancel'),
});

/** A customer's transitions on a quote. */
export const QuoteTransitionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), poNumber: freeText({ min: 1, max: 40 }) }),
  z.object({ action: z.literal('decline'), reason: Reason }),
  z.object({ action: z.literal('withdraw') }),
  z.object({ action: z.literal('requote') }),
]);
export type QuoteTransitionRequest = z.input<typeof QuoteTransitionRequestSchema>;

export const AssignRequestSchema = z.object({ assigneeUserId: z.uuid().nullable() });

export const staffActionNames = [
  ...new Set([...refillRequestActions, ...quoteActions, ...collectionActions]),
];

/**
 * One entry of the in-app notification list: an item changed on the other side, or (kind
 * `drum`) something happened to a drum: `itemId` is then the drum's id, `reference` its serial,
 * `action` what happened (`sensor_silent`) and `status` is empty.
 */
export const NotificationSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  kind: z.enum([...workItemKinds, 'drum']),
  reference: z.string(),
  action: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  nextOffset: NextOffsetSchema,
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
/** Newest first. */
export const NotificationListQuerySchema = pageQuery(20);

/** Marks these notifications read, or every one of the user's when `ids` is absent. */
export const MarkNotificationsReadSchema = z.object({ ids: z.array(z.uuid()).max(200).optional() });

/** A staff member's notification choice: one mail per change, or one daily digest. */
export const StaffPreferencesSchema = z.object({ notificationDigest: z.boolean() });
export type StaffPreferences = z.infer<typeof StaffPreferencesSchema>;
