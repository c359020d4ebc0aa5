import {
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, drums } from './refill-schema';

/**
 * An account's drum rent terms, set by staff: the days a drum stays on site free of rent, then
 * the rent per month. An account without a row is under the configured defaults.
 */
export const drumRentTerms = pgTable('drum_rent_terms', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  rentFreeDays: integer('rent_free_days').notNull(),
  /** Per drum and month, in euros. */
  monthlyRate: numeric('monthly_rate', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The notices sent about a drum's rent, one row per drum, kind and rent start date: a notice is
 * sent once, even when the job runs again or on another instance.
 */
export const drumRentNotices = pgTable(
  'drum_rent_notices',
  {
    drumId: uuid('drum_id')
      .notNull()
      .references(() => drums.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['rent_starts_soon'] }).notNull(),
    rentStartsOn: date('rent_starts_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.drumId, table.kind, table.rentStartsOn] })],
);
