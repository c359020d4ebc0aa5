import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WorkflowSide, WorkItemKind } from '@portal/contract';
import { accounts, drums, sites } from './refill-schema';

/**
 * One row per refill request and quote: what the provider's inbox lists, filters and sorts,
 * kept in the transaction of every change of its item, so the inbox reads one table whatever
 * the kind. `id` is the item's own id.
 */
export const workItems = pgTable(
  'work_items',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<WorkItemKind>().notNull(),
    /** Human reference, RR-000042 or QR-000042. */
    reference: text('reference').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The site of a refill request; null for a quote. */
    siteId: uuid('site_id').references(() => sites.id),
    createdByUserId: uuid('created_by_user_id'),
    status: text('status').notNull(),
    /** The side that must act next; null once closed. */
    turn: text('turn').$type<'customer' | 'provider'>(),
    assigneeUserId: uuid('assignee_user_id'),
    /** Since when the customer waits for the provider's answer; null when answered. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** When the provider's answer falls due (one working day after waitingSince). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
    lastProviderActivityAt: timestamp('last_provider_activity_at', { withTimezone: true }),
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Oldest waiting first: the open items in the inbox's order, and the same per filter.
    index('work_items_open_order_idx')
      .on(table.waitingSince, table.createdAt, table.id)
      .where(sql`${table.turn} is not null`),
    index('work_items_order_idx').on(table.waitingSince, table.createdAt, table.id),
    index('work_items_status_idx').on(table.status, table.waitingSince, table.createdAt),
    index('work_items_account_idx').on(table.accountId, table.waitingSince, table.createdAt),
    index('work_items_assignee_idx').on(table.assigneeUserId, table.waitingSince),
    index('work_items_site_idx').on(table.siteId),
  ],
);

/**
 * The timeline of an item: every transition, claim and assignment, who made it and when.
 * `internal` rows are the provider's own and are never sent to a customer.
 */
export const workItemEvents = pgTable(
  'work_item_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of writing: steps made in the same instant keep the order they were made in. */
    seq: serial('seq').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => workItems.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorUserId: uuid('actor_user_id'),
    actorSide: text('actor_side').$type<WorkflowSide>().notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    internal: boolean('internal').notNull().default(false),
  },
  (table) => [index('work_item_events_item_idx').on(table.itemId, table.at)],
);

/** Staff's internal notes on an item: never in a customer's answer. */
export const workItemNotes = pgTable(
  'work_item_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => workItems.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('work_item_notes_item_idx').on(table.itemId, table.createdAt)],
);

/**
 * The in-app notification list: one row per recipient and change of turn (`item_id`), or per
 * event on a drum (`drum_id`, a sensor fallen silent); exactly one of the two is set.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    itemId: uuid('item_id').references(() => workItems.id, { onDelete: 'cascade' }),
    drumId: uuid('drum_id').references(() => drums.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    check(
      'notifications_item_or_drum',
      sql`(${table.itemId} is null) <> (${table.drumId} is null)`,
    ),
  ],
);
