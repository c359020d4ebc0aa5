import { asc, count, eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { installedEquipment, spareParts } from '../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { runSeedSteps } from '../db/seed';
import { catalogSeedStep } from './catalog-seed';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import { demoAccountSeedStep } from './demo-account-seed';
import {
  DEMO_PART_COUNT,
  demoEquipmentSeedStep,
  seedSparePartTaxonomy,
  seedSpareParts,
} from './spare-parts-seed';
import { createTestDatabaseUrl, openMigratedDatabase } from '../../test/test-server';

const opened: Array<{ handle: DatabaseHandle; drop: () => Promise<void> }> = [];
async function freshDatabase() {
  const { url, drop } = await createTestDatabaseUrl();
  const handle = await openMigratedDatabase(url);
  await seedSparePartTaxonomy(handle.db);
  opened.push({ handle, drop });
  return handle.db;
}
afterEach(async () => {
  for (const { handle, drop } of opened.splice(0)) {
    await handle.close();
    await drop();
  }
});

const partNumbers = async (db: Awaited<ReturnType<typeof freshDatabase>>) =>
  (
    await db
      .select({ partNumber: spareParts.partNumber })
      .from(spareParts)
      .orderBy(asc(spareParts.partNumber))
  ).map((row) => row.partNumber);

describe('spare-parts seed', { timeout: 90_000 }, () => {
  it('is at least the 5,000 parts the demo catalogue promises', () => {
    expect(DEMO_PART_COUNT).toBeGreaterThanOrEqual(5000);
  });

  it('tops up to a total, the same parts as one seeding of that total', async () => {
    const stepwise = await freshDatabase();
    expect(await seedSpareParts(stepwise, 300)).toBe(300);
    expect(await seedSpareParts(stepwise, 500)).toBe(200);
    expect(await seedSpareParts(stepwise, 400)).toBe(0);
    const once = await freshDatabase();
    await seedSpareParts(once, 500);
    expect(await partNumbers(stepwise)).toEqual(await partNumbers(once));
    expect(await partNumbers(once)).toHaveLength(500);
  });

  it('replaces a part by a newer one of the same category and designation', async () => {
    const db = await freshDatabase();
    await seedSpareParts(db, 1000);
    const replacement = alias(spareParts, 'replacement');
    const pairs = await db
      .select({ old: spareParts, next: replacement })
      .from(spareParts)
      .innerJoin(replacement, eq(replacement.id, spareParts.supersededById))
      .where(isNotNull(spareParts.supersededById));
    expect(pairs.length).toBeGreaterThan(5);
    for (const { old, next } of pairs) {
      expect(next.categoryId).toBe(old.categoryId);
      expect(next.designationEn).toBe(old.designationEn);
      expect(next.supersededById).toBeNull();
    }
  });

  it('gives the demo account 8 installed machines', async () => {
    const db = await freshDatabase();
    await runSeedSteps(db, [catalogSeedStep, demoAccountSeedStep(2), demoEquipmentSeedStep]);
    const [units] = await db
      .select({ total: count() })
      .from(installedEquipment)
      .where(eq(installedEquipment.accountId, DEMO_ACCOUNT_ID));
    expect(units?.total).toBe(8);
  });
});
