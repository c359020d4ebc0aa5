import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * What changed, for the screens that show it live: one row per change of an inbox item, a
 * message, a notification, a drum or who is on an item, written by the database's triggers in
 * the change's own transaction and announced on the channel "live_events" with its id when it
 * commits. Rows say what changed (kind, id, version) and who may hear of it, never the data:
 * a screen reads that through the API. They are kept a few minutes, so a stream that dropped
 * resumes from the last id it had, on any instance.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `item`, `message`, `notification`, `drum` or `presence`. */
    kind: text('kind').notNull(),
    /** The changed thing's id: the item (for its messages and presence too), the drum, the user. */
    subjectId: uuid('subject_id').notNull(),
    version: text('version').notNull(),
    /** Who may hear: `staff`, `account` (its people; `site_id` narrows) or `user` (`user_id`). */
    audience: text('audience').notNull(),
    accountId: uuid('account_id'),
    siteId: uuid('site_id'),
    userId: uuid('user_id'),
  },
  (table) => [index('live_events_at_idx').on(table.at)],
);

/**
 * Who is on an item's page, and whether they are typing a reply: one row per item and staff
 * member, renewed by their page while it is open and worth nothing once `expires_at` passed.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    itemId: uuid('item_id').notNull(),
    userId: uuid('user_id').notNull(),
    isTyping: boolean('is_typing').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.userId] })],
);
