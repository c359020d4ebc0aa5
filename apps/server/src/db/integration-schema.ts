import { sql } from 'drizzle-orm';
import {
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
import type { ApiKeyScope } from '@portal/contract';
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
  },
  (table) => [
    uniqueIndex('api_keys_prefix_idx').on(table.prefix),
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
