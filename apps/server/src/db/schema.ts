import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which seed steps already ran, so that seeding is idempotent across restarts and instances. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
