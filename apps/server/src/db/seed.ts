import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { seedRuns } from './schema';

export interface SeedStep {
  /** Unique and stable: a step that ran once under this name never runs again. */
  name: string;
  run(db: Database): Promise<void>;
}

/**
 * Runs each step at most once per database. A step and its record commit together, so a crash
 * in the middle leaves the step to run again at the next start, never half-applied. The steps
 * already recorded are read in one query first: a start on seeded data opens no transaction.
 */
export async function runSeedSteps(db: Database, steps: readonly SeedStep[]): Promise<string[]> {
  const ran: string[] = [];
  const recorded = new Set(
    (await db.select({ name: seedRuns.name }).from(seedRuns)).map((row) => row.name),
  );
  for (const step of steps) {
    if (recorded.has(step.name)) continue;
    const done = await db.transaction(async (tx) => {
      // Insert the record first: a concurrent instance blocks on the primary key, then skips.
      const inserted = await tx
        .insert(seedRuns)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (inserted.length === 0) return false;
      await step.run(tx);
      return true;
    });
    if (done) ran.push(step.name);
  }
  return ran;
}

export async function hasSeedRun(db: Database, name: string): Promise<boolean> {
  const rows = await db.select().from(seedRuns).where(eq(seedRuns.name, name));
  return rows.length > 0;
}
