import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RawRule } from '@portal/contract';
import { accounts } from './refill-schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Which seed steps already ran, so that seeding is idempotent across restarts and instances. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-cased (the contract lower-cases it), unique. */
  email: text('email').notNull().unique(),
  company: text('company'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  locale: text('locale', { enum: ['fr', 'en'] })
    .notNull()
    .default('fr'),
  /** CASL raw rules; null means the default ability (get refill, get spareparts). */
  rules: jsonb('rules').$type<RawRule[]>(),
  /** The customer account the user works for; null until attached (no business data then). */
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, base64url. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_links_user_idx').on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie value, base64url. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Transactional outbox: a mail row commits with the change that caused it; a worker sends it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /**
     * Lower is sent first (services/mail/outbox.ts): sign-in and invitation mails are never held up behind
     * a backlog of notifications. The worker claims by priority, then age.
     */
    priority: integer('priority').notNull().default(1),
    toAddress: text('to_address').notNull(),
    locale: text('locale', { enum: ['fr', 'en'] }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The sign-in link a dev mailbox shows; null for other mails. */
    link: text('link'),
    createdAt: createdAt(),
    /** When the worker may (re)try; also its lease while an attempt is in flight. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the mail is pointless (its link expired): it is given up, not sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    messageId: text('message_id'),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('mail_outbox_pending_priority_idx')
      .on(table.priority, table.createdAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/** One row per counted event (a sign-up, a mail); the limits count rows inside a time window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_bucket_idx').on(table.bucket, table.hitAt)],
);

export * from './catalog-schema';
export * from './refill-schema';
export * from './spareparts-schema';
export * from './integration-schema';
