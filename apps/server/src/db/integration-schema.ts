import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiKeyScope, WebhookEventType } from '@portal/contract';
import { accounts, drums } from './refill-schema';

/**
 * A machine's key to /api/v1. Only the SHA-256 of the key is kept; its first characters (the
 * prefix, not secret) find the row and are shown so a person can tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, base64url. */
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    /** Null when created from the command line. */
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Kept to the minute: a key used many times a second is not written each time. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Past this moment the key is refused (`auth.key_expired`); null: it never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When a new secret replaced this one; `expiresAt` is then the end of the overlap. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** When its maker and the account's admins were told it expires soon: told once. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    /** When its expiry was written to the account's audit trail: written once. */
    expiryRecordedAt: timestamp('expiry_recorded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_prefix_idx').on(table.prefix),
    index('api_keys_expires_idx').on(table.expiresAt),
    index('api_keys_account_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * The first answer to each Idempotency-Key of an account's machine calls: a replay answers it
 * again, the same key with another body is refused. `requestHash` is the SHA-256 of the body.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.key] }),
    index('api_idempotency_created_idx').on(table.createdAt),
  ],
);

/**
 * A LoRaWAN end device (by its EUI, upper-case hex) that sent an uplink to an account, or that
 * an admin mapped to a drum. A device nobody mapped yet is kept with its last uplink, so its
 * readings can be understood and the device mapped, not lost.
 */
export const sensorDevices = pgTable(
  'sensor_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    devEui: text('dev_eui').notNull(),
    drumId: uuid('drum_id').references(() => drums.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    uplinks: integer('uplinks').notNull().default(0),
    lastPayload: jsonb('last_payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sensor_devices_account_eui_idx').on(table.accountId, table.devEui),
    uniqueIndex('sensor_devices_drum_idx')
      .on(table.drumId)
      .where(sql`${table.drumId} is not null`),
  ],
);

/**
 * An HTTPS endpoint of an account that receives its events, signed as Standard Webhooks. A
 * rotated secret stays valid until `previousSecretExpiresAt`: deliveries carry both signatures
 * meanwhile, so the receiver can switch to the new secret without losing a message.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    /**
     * The signing secret, `whsec_` and base64, kept in clear on purpose: the server must compute
     * an HMAC with it for every delivery, which a hash of it would not allow. Never returned after
     * its creation or rotation.
     */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until the overlap ends. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Null while enabled; `admin` or `failing` (every delivery failed for 3 days) otherwise. */
    disabledReason: text('disabled_reason').$type<'admin' | 'failing'>(),
    /** The first failed attempt since the last success; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_endpoints_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * The webhooks' outbox: one event for one endpoint, queued in the transaction of the change that
 * raised it. `body` is the exact JSON sent and signed, the same on every attempt, as is the
 * message id (`webhook-id`). A worker claims due rows (`nextAttemptAt` is also the lease).
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the worker may (re)try; null once delivered or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Retries stop here (3 days after the event): the message is given up. */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The next attempt was asked for by an admin (redeliver), not by the retry schedule. */
    redeliveryRequested: boolean('redelivery_requested').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} is not null`),
    index('webhook_messages_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/** The delivery log: one row per attempt, what the receiver answered and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** Null when no answer came (timeout, connection refused, TLS failure). */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms').notNull(),
    /** Trimmed to a few hundred characters. */
    error: text('error'),
    isRedelivery: boolean('is_redelivery').notNull().default(false),
  },
  (table) => [index('webhook_attempts_message_idx').on(table.messageId, table.at)],
);
