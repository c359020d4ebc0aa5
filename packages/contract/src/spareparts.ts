import { z } from 'zod';
import { freeText } from './text';
import { languages } from './locales';
import { MessageSchema, handlingFields } from './refill';
import { LIST_PAGE_SIZE_MAX, NextOffsetSchema, pageQuery } from './paging';
import { PriceFiguresSchema } from './prices';
import {
  PART_QUANTITY_MAX,
  SPARE_PART_BROWSE_MAX,
  SPARE_PART_SEARCH_MAX,
  isSearchable,
  sparePartPageSizes,
  sparePartSortColumns,
  type SparePartPageSize,
} from './spareparts-constants';
import { quoteStatuses } from './workflows';

export * from './spareparts-constants';

export const SparePartSortSchema = z.enum([
  ...sparePartSortColumns,
  ...sparePartSortColumns.map((column) => `-${column}` as const),
]);
export type SparePartSort = z.infer<typeof SparePartSortSchema>;

/**
 * GET /api/spareparts query (query key `spareparts`). `search` matches the part number and the
 * designation in `lang` (default: the user's language), accents and case ignored, each word on
 * its own. `equipment` is one of the account's installed units: only parts compatible with its
 * model are listed.
 */
export const SparePartListQuerySchema = z
  .object({
    search: freeText({ max: SPARE_PART_SEARCH_MAX })
      .refine((search) => search === '' || isSearchable(search), {
        params: { errorCode: 'field.too_short' },
      })
      .optional(),
    category: z.uuid().optional(),
    equipment: z.uuid().optional(),
    sort: SparePartSortSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((size): size is SparePartPageSize =>
        (sparePartPageSizes as readonly number[]).includes(size),
      )
      .default(25),
    lang: z.enum(languages).optional(),
  })
  .refine((query) => query.page * query.pageSize <= SPARE_PART_BROWSE_MAX, {
    path: ['page'],
    params: { errorCode: 'field.page_too_deep' },
  });
export type SparePartListQuery = z.input<typeof SparePartListQuerySchema>;

export const PartReferenceSchema = z.object({ id: z.uuid(), partNumber: z.string() });
export type PartReference = z.infer<typeof PartReferenceSchema>;

export const PartCategorySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  group: z.object({ code: z.string(), name: z.string() }),
});
export type PartCategory = z.infer<typeof PartCategorySchema>;

export const EquipmentModelSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string() });
export type EquipmentModel = z.infer<typeof EquipmentModelSchema>;

/**
 * One row of the catalogue. Prices are in euro cents (exact). Availability: `stock` units on
 * hand; when 0, `leadTimeDays` until the part can ship. A superseded part names its replacement.
 */
export const SparePartSummarySchema = z.object({
  id: z.uuid(),
  partNumber: z.string(),
  designation: z.string(),
  category: PartCategorySchema,
  compatibleModels: z.array(EquipmentModelSchema),
  unitPriceCents: z.number().int().nonnegative(),
  currency: z.literal('EUR'),
  stock: z.number().int().nonnegative(),
  leadTimeDays: z.number().int().nonnegative(),
  supersededBy: PartReferenceSchema.nullable(),
});
export type SparePartSummary = z.infer<typeof SparePartSummarySchema>;

export const SparePartPageSchema = z.object({
  items: z.array(SparePartSummarySchema),
  /** Matches, counted up to SPARE_PART_COUNT_CAP; `totalCapped` when there are more. */
  total: z.number().int().nonnegative(),
  totalCapped: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type SparePartPage = z.infer<typeof SparePartPageSchema>;

/** GET /api/spareparts/{id}: the row plus what it replaces and which of the account's units it fits. */
export const SparePartDetailSchema = SparePartSummarySchema.extend({
  replaces: z.array(PartReferenceSchema),
  fitsEquipment: z.array(z.object({ id: z.uuid(), serial: z.string(), modelName: z.string() })),
});
export type SparePartDetail = z.infer<typeof SparePartDetailSchema>;

export const SparePartIdParamsSchema = z.object({ id: z.uuid() });

/** Part lookup by exact part number (the command palette): GET /api/spareparts/by-number/{partNumber}. */
export const PartNumberParamsSchema = z.object({ partNumber: freeText({ min: 1, max: 40 }) });

export const LanguageQuerySchema = z.object({ lang: z.enum(languages).optional() });

/** GET /api/spareparts/categories: every category with its group, for the grouped filter. */
export const PartCategoryListSchema = z.object({ categories: z.array(PartCategorySchema) });
export type PartCategoryList = z.infer<typeof PartCategoryListSchema>;

/** GET /api/spareparts/equipment: the account's installed units. */
export const InstalledEquipmentSchema = z.object({
  id: z.uuid(),
  serial: z.string(),
  model: EquipmentModelSchema,
  site: z.object({ id: z.uuid(), name: z.string() }),
});
export type InstalledEquipment = z.infer<typeof InstalledEquipmentSchema>;
export const InstalledEquipmentListSchema = z.object({
  equipment: z.array(InstalledEquipmentSchema),
});
export type InstalledEquipmentList = z.infer<typeof InstalledEquipmentListSchema>;

export const PartQuantitySchema = z.number().int().min(1).max(PART_QUANTITY_MAX);

/** The user's cart, kept on the server so it follows them across devices. */
export const CartSchema = z.object({
  lines: z.array(
    z.object({
      part: SparePartSummarySchema,
      quantity: z.number().int().positive(),
      lineTotalCents: z.number().int().nonnegative(),
    }),
  ),
  /** Sum of the quantities (the badge). */
  itemCount: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  currency: z.literal('EUR'),
});
export type Cart = z.infer<typeof CartSchema>;

/** PUT /api/spareparts/cart/lines/{id}: set the quantity of a part in the cart (adds the line). */
export const SetCartLineRequestSchema = z.object({ quantity: PartQuantitySchema });
export type SetCartLineRequest = z.infer<typeof SetCartLineRequestSchema>;

export const QuoteStatusSchema = z.enum(quoteStatuses);

/** POST /api/spareparts/quotes (Idempotency-Key header): the cart becomes a quote request. */
export const CreateQuoteRequestSchema = z.object({
  comment: freeText({ max: 1000, multiline: true }).optional(),
});
export type CreateQuoteRequest = z.input<typeof CreateQuoteRequestSchema>;

export const QuoteSchema = z.object({
  id: z.uuid(),
  /** Human reference, e.g. QR-000042. */
  number: z.string(),
  status: QuoteStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  comment: z.string().nullable(),
  lines: z.array(
    z.object({
      partId: z.uuid(),
      partNumber: z.string(),
      designation: z.string(),
      quantity: z.number().int().positive(),
      /**
       * The unit price that stands: the offered price once the provider made an offer, else the
       * catalogue price the day the quote was requested.
       */
      unitPriceCents: z.number().int().nonnegative(),
      /** Quantity times the unit price that stands. */
      lineTotalCents: z.number().int().nonnegative(),
    }),
  ),
  /** The quote's figures at the prices that stand, before tax, tax and with tax. */
  figures: PriceFiguresSchema,
  currency: z.literal('EUR'),
  /** The provider's offer, once made: its last valid day and note (its prices are the lines'). */
  offer: z
    .object({
      validUntil: z.iso.date(),
      note: z.string().nullable(),
    })
    .nullable(),
  poNumber: z.string().nullable(),
  /** Why it was declined. */
  statusReason: z.string().nullable(),
  ...handlingFields,
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteListSchema = z.object({
  quotes: z.array(QuoteSchema),
  nextOffset: NextOffsetSchema,
});
/** Newest first, names in `lang`. */
export const QuoteListQuerySchema = LanguageQuerySchema.extend(pageQuery(50).shape);
export type QuoteList = z.infer<typeof QuoteListSchema>;

export const QuoteIdParamsSchema = z.object({ id: z.uuid() });

/** A quote's conversation uses the same message shape as refill requests. */
export const QuoteMessageListSchema = z.object({
  messages: z.array(MessageSchema),
  nextOffset: NextOffsetSchema,
});
export type QuoteMessageList = z.infer<typeof QuoteMessageListSchema>;
/** Oldest first. */
export const QuoteMessageListQuerySchema = LanguageQuerySchema.extend(
  pageQuery(LIST_PAGE_SIZE_MAX).shape,
);
