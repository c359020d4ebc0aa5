import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  collectionStatuses,
  loadingMeans,
  refillProposalStatuses,
  refillRequestStatuses,
  type TimeSlot,
} from '@portal/contract';
import { cableProducts, drumTypes } from './catalog-schema';

/** A customer company. Users belong to one; every business row hangs off an account. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A suspended account's users cannot sign in; their sessions end at once. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /**
   * E-mail domains the provider verified as the company's (lower-cased, `example.com`): a
   * sign-up from one of them joins the account as a viewer, pending its admin's approval.
   */
  verifiedDomains: jsonb('verified_domains')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The provider's own notes on the company (customer number, terms). */
  notes: text('notes'),
});

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** Street, postcode: where drums are delivered (the city is above). */
    address: text('address'),
    /** Who to call on site: names, phones, e-mails, as the customer gave them. */
    contacts: text('contacts'),
    deliveryInstructions: text('delivery_instructions'),
  },
  (table) => [index('sites_account_idx').on(table.accountId)],
);

export const drums = pgTable(
  'drums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => cableProducts.id),
    drumTypeId: uuid('drum_type_id')
      .notNull()
      .references(() => drumTypes.id),
    serial: text('serial').notNull(),
    initialLengthM: numeric('initial_length_m', { mode: 'number' }).notNull(),
    installedOn: date('installed_on', { mode: 'string' }).notNull(),
    /**
     * When the account was told this drum's sensor fell silent. A silence is told once: the
     * sweep claims it by a conditional update, and a sensor reading newer than this starts over.
     */
    staleAlertedAt: timestamp('stale_alerted_at', { withTimezone: true }),
    /** The day the empty drum was collected: it has left the account, and its rent stopped. */
    collectedOn: date('collected_on', { mode: 'string' }),
    /**
     * The code printed on the drum's label and carried by its QR code: random (64 bits, not
     * guessable), public (it opens nothing without a session of the drum's account) and durable (a
     * label outlives any change of the drum's internal keys). Drawn by the database, so every
     * drum, old or new, has one however it was inserted.
     */
    publicCode: text('public_code')
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)`),
  },
  (table) => [
    uniqueIndex('drums_account_serial_idx').on(table.accountId, table.serial),
    uniqueIndex('drums_public_code_idx').on(table.publicCode),
    index('drums_account_idx').on(table.accountId),
  ],
);

export const readings = pgTable(
  'readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    drumId: uuid('drum_id')
      .notNull()
      .references(() => drums.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    remainingM: numeric('remaining_m', { mode: 'number' }).notNull(),
    source: text('source', { enum: ['manual', 'sensor'] }).notNull(),
    createdByUserId: uuid('created_by_user_id'),
    /** A sensor's battery, 0–100 %, when it says. */
    batteryPct: numeric('battery_pct', { mode: 'number' }),
    /** A sensor's radio signal in dBm, when it says. */
    signalDbm: numeric('signal_dbm', { mode: 'number' }),
    /** The API key a sensor reading came in with. */
    apiKeyId: uuid('api_key_id'),
    /**
     * The key a device sent a manual reading with (Idempotency-Key): a reading taken offline and
     * sent again after a lost answer is recorded once per drum.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (table) => [
    uniqueIndex('readings_drum_idempotency_idx')
      .on(table.drumId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('readings_drum_time_idx').on(table.drumId, table.readAt),
    // A drum's latest sensor reading, without walking past its manual ones.
    index('readings_drum_sensor_time_idx')
      .on(table.drumId, table.readAt)
      .where(sql`${table.source} = 'sensor'`),
  ],
);

/** Alert settings per account: thresholds in % of the initial length, e-mail on/off. */
export const alertSettings = pgTable('alert_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  thresholdPct: integer('threshold_pct').notNull().default(20),
  criticalPct: integer('critical_pct').notNull().default(10),
  emailEnabled: boolean('email_enabled').notNull().default(true),
  recipients: jsonb('recipients')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * An alert recipient who is not a user of the account: they get nothing until they confirm by the
 * one-time link of the single confirmation mail. The row outlives the address's removal from the
 * settings, so adding it again sends no second confirmation mail.
 */
export const alertRecipientConfirmations = pgTable(
  'alert_recipient_confirmations',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The language of the user who added them: their confirmation mail and alerts are in it. */
    locale: text('locale', { enum: ['fr', 'en'] }).notNull(),
    /** SHA-256 of the link's token, base64url; null once used. */
    tokenHash: text('token_hash').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.email] })],
);

/**
 * An active alert per drum at most (partial unique index): a drum that stays low raises nothing
 * more; crossing the critical threshold upgrades it; a refill above the threshold resolves it.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    drumId: uuid('drum_id')
      .notNull()
      .references(() => drums.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['low', 'critical'] }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alerts_one_active_per_drum_idx')
      .on(table.drumId)
      .where(sql`${table.resolvedAt} is null`),
    index('alerts_account_idx').on(table.accountId),
  ],
);

export const refillRequests = pgTable(
  'refill_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human reference RR-000042 is built from this sequence number. */
    number: serial('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').notNull(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    contactPhone: text('contact_phone').notNull(),
    poNumber: text('po_number'),
    comment: text('comment'),
    status: text('status', { enum: refillRequestStatuses }).notNull().default('submitted'),
    /** Why staff cancelled it, shown to the customer. */
    statusReason: text('status_reason'),
    /** The client's Idempotency-Key: a repeated submit finds the first request instead of a new one. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('refill_requests_idempotency_idx').on(table.accountId, table.idempotencyKey),
    index('refill_requests_account_idx').on(table.accountId, table.createdAt),
  ],
);

export const refillRequestItems = pgTable(
  'refill_request_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => refillRequests.id, { onDelete: 'cascade' }),
    drumId: uuid('drum_id')
      .notNull()
      .references(() => drums.id),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    index('refill_request_items_request_idx').on(table.requestId),
    index('refill_request_items_drum_idx').on(table.drumId),
  ],
);

/**
 * A refill the portal drafts when a drum's forecast run-out falls within the refill lead time. A
 * drum has at most one open proposal (the partial unique index); a buyer confirms it (it becomes
 * the refill request `requestId`) or dismisses it. `remainingM` and `readAt` are the reading it
 * was drafted from: after a dismissal the drum is proposed again only once a later, higher
 * reading says it was refilled.
 */
export const refillProposals = pgTable(
  'refill_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    drumId: uuid('drum_id')
      .notNull()
      .references(() => drums.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    runOutOn: date('run_out_on', { mode: 'string' }).notNull(),
    remainingM: numeric('remaining_m', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: refillProposalStatuses }).notNull().default('open'),
    requestId: uuid('request_id').references(() => refillRequests.id, { onDelete: 'set null' }),
    closedByUserId: uuid('closed_by_user_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('refill_proposals_open_drum_idx')
      .on(table.drumId)
      .where(sql`${table.status} = 'open'`),
    index('refill_proposals_account_idx').on(table.accountId, table.status),
    index('refill_proposals_drum_idx').on(table.drumId, table.createdAt),
  ],
);

export const requestMessages = pgTable(
  'request_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => refillRequests.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'service'] }).notNull(),
    authorUserId: uuid('author_user_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('request_messages_request_idx').on(table.requestId, table.createdAt)],
);

/** Files are stored outside the web root under a generated name; only these rows know them. */
export const requestAttachments = pgTable(
  'request_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => refillRequests.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    contentType: text('content_type', {
      enum: ['application/pdf', 'image/png', 'image/jpeg'],
    }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Who attached it: the customer, or customer service answering them. */
    author: text('author', { enum: ['customer', 'service'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('request_attachments_request_idx').on(table.requestId)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: the services see a Buffer either way.
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of an attachment where every instance reads them (on PostgreSQL; with PGlite they are
 * files in DATA_DIR/attachments): pieces of at most 256 KiB in order, written and read one piece
 * at a time so no file is ever whole in memory, and deleted with their attachment.
 */
export const requestAttachmentChunks = pgTable(
  'request_attachment_chunks',
  {
    storedName: text('stored_name')
      .notNull()
      .references(() => requestAttachments.storedName, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storedName, table.seq] })],
);

/**
 * The collection of an empty drum the customer released. At most one open collection per drum
 * (partial unique index): a second release while one is under way is refused.
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human reference CO-000042 is built from this sequence number. */
    number: serial('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').notNull(),
    drumId: uuid('drum_id')
      .notNull()
      .references(() => drums.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id),
    pickupAddress: text('pickup_address').notNull(),
    timeSlots: jsonb('time_slots').$type<TimeSlot[]>().notNull(),
    loadingMeans: text('loading_means', { enum: loadingMeans }).notNull(),
    comment: text('comment'),
    status: text('status', { enum: collectionStatuses }).notNull().default('requested'),
    pickupDate: date('pickup_date', { mode: 'string' }),
    collectedOn: date('collected_on', { mode: 'string' }),
    /** Why staff cancelled it, shown to the customer. */
    statusReason: text('status_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('collections_one_open_per_drum_idx')
      .on(table.drumId)
      .where(sql`${table.status} in ('requested', 'scheduled')`),
    index('collections_account_idx').on(table.accountId, table.createdAt),
  ],
);

export const collectionMessages = pgTable(
  'collection_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'service'] }).notNull(),
    authorUserId: uuid('author_user_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('collection_messages_collection_idx').on(table.collectionId, table.createdAt)],
);
