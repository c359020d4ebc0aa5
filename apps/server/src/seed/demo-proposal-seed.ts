import type { Settings } from '../config/env';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import type { SeedStep } from '../db/seed';
import { refillProposals } from '../db/schema';
import { earliestDeliveryDate } from '../services/refill/delivery-date';
import { listDrums } from '../services/refill/list-drums';
import { PROVIDER_TIME_ZONE } from '../services/workflow/response-due';

/** How many proposed refills the demo account shows open. */
const DEMO_PROPOSALS = 2;

/**
 * A proposed refill or two open on the demo account, without mail: its lowest drums not yet
 * ordered (the demo's emptiest drums have stopped moving, so no forecast would propose them).
 */
export function demoProposalSeedStep(settings: Settings): SeedStep {
  return {
    name: 'demo-proposals-v1',
    async run(db) {
      const now = new Date();
      const { drums } = await listDrums(db, DEMO_ACCOUNT_ID, now, null, settings);
      const lowest = drums
        .filter((drum) => drum.status !== 'ordered')
        .sort((a, b) => a.remainingPct - b.remainingPct)
        .slice(0, DEMO_PROPOSALS);
      if (lowest.length === 0) return;
      await db
        .insert(refillProposals)
        .values(
          lowest.map((drum) => ({
            accountId: DEMO_ACCOUNT_ID,
            drumId: drum.id,
            siteId: drum.site.id,
            deliveryDate: earliestDeliveryDate(now, PROVIDER_TIME_ZONE),
            runOutOn: drum.estimatedRunOutOn ?? now.toISOString().slice(0, 10),
            remainingM: drum.remainingM,
            readAt: drum.lastReadingAt ? new Date(drum.lastReadingAt) : now,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    },
  };
}
