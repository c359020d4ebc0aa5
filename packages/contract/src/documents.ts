import { z } from 'zod';
import { drumStatuses } from './refill-constants';
import { AuditActionSchema } from './accounts';
import { InboxQuerySchema } from './backoffice';
import { freeText } from './text';

export const exportFormats = ['csv', 'xlsx'] as const;
export const ExportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** Every export: its format (CSV unless asked), and the reader's time zone (default: Paris). */
export const ExportQuerySchema = z.object({
  format: ExportFormatSchema.default('csv'),
  tz: z.string().max(64).optional(),
});

const repeated = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(200)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** The drum overview's filters, as its URL writes them (`site`, `product`, `status`, `pct`). */
export const DrumExportQuerySchema = ExportQuerySchema.extend({
  site: repeated(z.uuid()),
  product: repeated(z.string().max(100)),
  status: repeated(z.enum(drumStatuses)),
  pct: z
    .string()
    .regex(/^\d{1,3}-\d{1,3}$/)
    .optional(),
});
export type DrumExportQuery = z.output<typeof DrumExportQuerySchema>;

export const ReadingExportQuerySchema = ExportQuerySchema.extend({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const AuditExportQuerySchema = ExportQuerySchema.extend({
  action: AuditActionSchema.optional(),
  who: freeText({ max: 254 }).optional(),
});

/** The inbox as a CSV or XLSX file: the filters on screen, every page. */
export const InboxExportQuerySchema = InboxQuerySchema.omit({ limit: true, offset: true }).extend(
  ExportQuerySchema.shape,
);

export const documentKinds = ['statement', 'delivery-note'] as const;

/** A monthly drum-account statement: the month (YYYY-MM) it covers, the current one unless given. */
export const StatementQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});

/** Whether the admin gets last month's drum-account statement by mail on the 1st. */
export const StatementSubscriptionSchema = z.object({ isSubscribed: z.boolean() });
export type StatementSubscription = z.infer<typeof StatementSubscriptionSchema>;
