import { z } from 'zod';
import { NextOffsetSchema, pageQuery } from './paging';
import { AuditEventSchema, AuditQuerySchema, CustomerRoleSchema } from './accounts';
import { freeText } from './text';

/**
 * The provider's onboarding of customer accounts: the account, its sites, drums and installed
 * equipment, edited by staff one by one or imported from a CSV file.
 */

const optionalText = (max: number, multiline = false) =>
  freeText({ max, multiline })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** An e-mail domain, lower-cased, without the `@`: `example.com`. */
export const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);

export const AccountInputSchema = z
  .object({
    name: freeText({ min: 1, max: 120 }),
    verifiedDomains: z.array(DomainSchema).max(20).default([]),
    notes: optionalText(2000, true),
  })
  .strict();
export type AccountInput = z.input<typeof AccountInputSchema>;

export const AccountSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  verifiedDomains: z.array(z.string()),
  suspended: z.boolean(),
  createdAt: z.string(),
  sites: z.number().int(),
  drums: z.number().int(),
  users: z.number().int(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const AccountListQuerySchema = pageQuery(50).extend({
  /** Part of the account's name. */
  search: freeText({ max: 120 }).optional(),
});
export const AccountListSchema = z.object({
  accounts: z.array(AccountSummarySchema),
  nextOffset: NextOffsetSchema,
});
export type AccountList = z.infer<typeof AccountListSchema>;

export const SiteInputSchema = z
  .object({
    name: freeText({ min: 1, max: 120 }),
    city: freeText({ min: 1, max: 120 }),
    address: optionalText(300, true),
    contacts: optionalText(1000, true),
    deliveryInstructions: optionalText(1000, true),
  })
  .strict();
export type SiteInput = z.input<typeof SiteInputSchema>;

export const OnboardingSiteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  city: z.string(),
  address: z.string().nullable(),
  contacts: z.string().nullable(),
  deliveryInstructions: z.string().nullable(),
});
export type OnboardingSite = z.infer<typeof OnboardingSiteSchema>;

const IsoDateSchema = z.iso.date();

export const DrumInputSchema = z
  .object({
    serial: freeText({ min: 1, max: 64 }),
    /** A drum type's code from the catalogue (`/api/catalog/drum-types`). */
    drumType: freeText({ min: 1, max: 40 }),
    /** A cable reference from the catalogue (`/api/catalog/products`). */
    cableReference: freeText({ min: 1, max: 60 }),
    initialLength: z.number().positive().max(100_000),
    siteId: z.uuid(),
    deliveredOn: IsoDateSchema,
  })
  .strict();
export type DrumInput = z.input<typeof DrumInputSchema>;

export const OnboardingDrumSchema = z.object({
  id: z.uuid(),
  serial: z.string(),
  drumType: z.string(),
  cableReference: z.string(),
  initialLength: z.number(),
  siteId: z.uuid(),
  deliveredOn: z.string(),
});
export type OnboardingDrum = z.infer<typeof OnboardingDrumSchema>;

export const EquipmentInputSchema = z
  .object({
    serial: freeText({ min: 1, max: 64 }),
    /** An equipment model's code from the catalogue. */
    model: freeText({ min: 1, max: 40 }),
    siteId: z.uuid(),
  })
  .strict();
export type EquipmentInput = z.input<typeof EquipmentInputSchema>;

export const OnboardingEquipmentSchema = z.object({
  id: z.uuid(),
  serial: z.string(),
  model: z.string(),
  siteId: z.uuid(),
});
export type OnboardingEquipment = z.infer<typeof OnboardingEquipmentSchema>;

export const AccountUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: CustomerRoleSchema,
  suspended: z.boolean(),
  pendingApproval: z.boolean(),
  lastSignInAt: z.string().nullable(),
});

/** The back-office's account page: everything the provider registered for the account. */
export const AccountDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  verifiedDomains: z.array(z.string()),
  notes: z.string().nullable(),
  suspended: z.boolean(),
  createdAt: z.string(),
  sites: z.array(OnboardingSiteSchema),
  drums: z.array(OnboardingDrumSchema),
  equipment: z.array(OnboardingEquipmentSchema),
  users: z.array(AccountUserSchema),
});
export type AccountDetail = z.infer<typeof AccountDetailSchema>;

export const AccountParamsSchema = z.object({ id: z.uuid() });
export const AccountItemParamsSchema = z.object({ id: z.uuid(), itemId: z.uuid() });

/** The codes an import row is rejected with (each a key of the back-office's translations). */
export const importRejections = [
  'malformed_row',
  'missing_field',
  'invalid_number',
  'invalid_date',
  'unknown_site',
  'unknown_drum_type',
  'unknown_cable',
  'unknown_model',
  'duplicate_in_file',
  'too_long',
] as const;
export const ImportRejectionSchema = z.enum(importRejections);
export type ImportRejection = z.infer<typeof ImportRejectionSchema>;

export const importKinds = ['drums', 'equipment'] as const;

/** At most this many characters of CSV in one import (about 1 MB, 10,000 drums). */
export const IMPORT_CSV_MAX = 1_000_000;

export const ImportRequestSchema = z
  .object({
    kind: z.enum(importKinds),
    /** The file's text (UTF-8; a byte-order mark is ignored), `;` or `,` separated. */
    csv: freeText({ min: 1, max: IMPORT_CSV_MAX, multiline: true }),
    /** false: a dry run that changes nothing; true: apply every valid row in one transaction. */
    apply: z.boolean(),
  })
  .strict();
export type ImportRequest = z.input<typeof ImportRequestSchema>;

export const ImportRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  line: z.number().int(),
  serial: z.string().nullable(),
  outcome: z.enum(['create', 'update', 'reject']),
  reason: ImportRejectionSchema.nullable(),
  /** The column the rejection is about, when there is one. */
  column: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportReportSchema = z.object({
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
  rows: z.array(ImportRowSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** The columns of each import, in the order the template lists them. */
export const importColumns = {
  drums: ['serial', 'drum_type', 'cable_reference', 'initial_length_m', 'site', 'delivered_on'],
  equipment: ['serial', 'model', 'site'],
} as const;

export const registrationStatuses = ['pending', 'approved', 'rejected'] as const;

/** A production sign-up nobody's verified domain claims: who they say they are. */
export const RegistrationRequestInputSchema = z
  .object({
    company: freeText({ min: 1, max: 120 }),
    site: freeText({ min: 1, max: 120 }),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ().-]{6,30}$/),
  })
  .strict();
export type RegistrationRequestInput = z.input<typeof RegistrationRequestInputSchema>;

export const RegistrationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  company: z.string(),
  site: z.string(),
  phone: z.string(),
  status: z.enum(registrationStatuses),
  reason: z.string().nullable(),
  accountId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationListQuerySchema = pageQuery(50).extend({
  status: z.enum(registrationStatuses).default('pending'),
});
export const RegistrationListSchema = z.object({
  registrations: z.array(RegistrationSchema),
  nextOffset: NextOffsetSchema,
});
export type RegistrationList = z.infer<typeof RegistrationListSchema>;

/** Approve into an existing account (`accountId`) or a new one named `newAccountName`. */
export const ApproveRegistrationSchema = z
  .object({
    accountId: z.uuid().optional(),
    newAccountName: freeText({ min: 1, max: 120 }).optional(),
  })
  .strict()
  .refine((body) => Boolean(body.accountId) !== Boolean(body.newAccountName), {
    params: { errorCode: 'field.invalid' },
    path: ['accountId'],
  });
export type ApproveRegistration = z.input<typeof ApproveRegistrationSchema>;

export const RejectRegistrationSchema = z
  .object({ reason: freeText({ min: 1, max: 1000, multiline: true }) })
  .strict();
export type RejectRegistration = z.input<typeof RejectRegistrationSchema>;

/** Where a signed-in user without an account stands. */
export const RegistrationStateSchema = z.object({
  status: z.enum(['none', ...registrationStatuses, 'awaiting_admin']),
  reason: z.string().nullable(),
});
export type RegistrationState = z.infer<typeof RegistrationStateSchema>;

/** Every audit trail, for staff: each event names its account (null: the provider's own). */
export const StaffAuditQuerySchema = AuditQuerySchema.extend({ accountId: z.uuid().optional() });
export const StaffAuditListSchema = z.object({
  events: z.array(AuditEventSchema.extend({ accountId: z.uuid().nullable() })),
  nextOffset: NextOffsetSchema,
});
export type StaffAuditList = z.infer<typeof StaffAuditListSchema>;
