import {
  type AnyPgColumn,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { quoteStatuses } from '@portal/contract';
import { accounts, sites } from './refill-schema';

/**
 * Text compared byte by byte (collation "C") whatever the database's locale: part numbers and
 * search words are codes, and only this order lets one btree serve both a prefix (`LIKE 'BRG%'`)
 * and an ORDER BY, which the search merges in (decision 011).
 */
const codeText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/** A machine the provider sells (a cable puller, a drum trailer, …). */
export const equipmentModels = pgTable('equipment_models', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
});

/** A unit of a model installed at one of the account's sites. */
export const installedEquipment = pgTable(
  'installed_equipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => equipmentModels.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    serial: text('serial').notNull(),
  },
  (table) => [
    uniqueIndex('installed_equipment_account_serial_idx').on(table.accountId, table.serial),
  ],
);

/** Categories come in a few groups (the catalogue's grouped filter). */
export const partCategoryGroups = pgTable('part_category_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull(),
});

export const partCategories = pgTable('part_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id')
    .notNull()
    .references(() => partCategoryGroups.id),
  code: text('code').notNull().unique(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
});

/**
 * The spare-parts catalogue. `search_fr` / `search_en` hold the designation lower-cased and
 * without accents (see services/spareparts/search-text.ts); their words are indexed in
 * `spare_part_words`, which a trigger keeps in step (decision 011). Part numbers are byte-ordered
 * codes: their btree serves a prefix search and the catalogue's default order.
 */
export const spareParts = pgTable(
  'spare_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partNumber: codeText('part_number').notNull().unique(),
    designationFr: text('designation_fr').notNull(),
    designationEn: text('designation_en').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => partCategories.id),
    unitPriceCents: integer('unit_price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    supersededById: uuid('superseded_by_id').references((): AnyPgColumn => spareParts.id),
    searchFr: text('search_fr').notNull(),
    searchEn: text('search_en').notNull(),
  },
  (table) => [
    index('spare_parts_category_idx').on(table.categoryId, table.partNumber),
    index('spare_parts_designation_fr_idx').on(table.designationFr),
    index('spare_parts_designation_en_idx').on(table.designationEn),
    index('spare_parts_price_idx').on(table.unitPriceCents),
    index('spare_parts_superseded_by_idx').on(table.supersededById),
  ],
);

/**
 * The words of each part's designation, in each language, three characters or more: a word's
 * parts are one index range in part-number order, so the first page of a search reads only what
 * it shows, however large the catalogue (decision 011). Written only by the `spare_parts`
 * trigger of migration 0006, from the SQL function `catalogue_words`.
 */
export const sparePartWords = pgTable(
  'spare_part_words',
  {
    lang: codeText('lang').notNull(),
    word: codeText('word').notNull(),
    partNumber: codeText('part_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.lang, table.word, table.partNumber] })],
);

/** Which models a part fits. */
export const partCompatibility = pgTable(
  'part_compatibility',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => spareParts.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => equipmentModels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.partId, table.modelId] }),
    index('part_compatibility_model_idx').on(table.modelId, table.partId),
  ],
);

/** The cart lives on the server, per user, so it follows them from the phone to the desktop. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => spareParts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.partId] })],
);

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human reference QR-000042 is built from this sequence number. */
    number: serial('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').notNull(),
    comment: text('comment'),
    status: text('status', { enum: quoteStatuses }).notNull().default('requested'),
    /** The offer: a discount in basis points (1250 = 12.5 %), its last valid day and a note. */
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    validUntil: date('valid_until', { mode: 'string' }),
    offerNote: text('offer_note'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** When the customer was reminded that the offer is about to expire (once per offer). */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /** The customer's purchase order number, given when accepting: the quote is then an order. */
    poNumber: text('po_number'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Why it was declined, shown on both sides. */
    statusReason: text('status_reason'),
    /** The client's Idempotency-Key: a repeated submit finds the first quote instead of a new one. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('quote_requests_idempotency_idx').on(table.accountId, table.idempotencyKey),
    index('quote_requests_account_idx').on(table.accountId, table.createdAt),
  ],
);

/** A quote's lines keep the price of the day the quote was requested. */
export const quoteRequestLines = pgTable(
  'quote_request_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => spareParts.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The price staff offer for this line; null until an offer is made. */
    offeredUnitPriceCents: integer('offered_unit_price_cents'),
  },
  (table) => [index('quote_request_lines_quote_idx').on(table.quoteId)],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'service'] }).notNull(),
    authorUserId: uuid('author_user_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('quote_messages_quote_idx').on(table.quoteId, table.createdAt)],
);
