import { withinSites, type SiteScope } from '../site-scope';
import { and, eq } from 'drizzle-orm';
import { MAX_READING_AGE_DAYS, type CreateReadingRequest } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { cableProducts, drums, readings, sites } from '../../db/schema';
import { DomainError } from '../domain-error';
import type { Translations } from '../translations';
import { proposeRefills } from './refill-proposals';
import { syncDrumAlerts } from './sync-drum-alerts';

/** A reading may be a few minutes ahead of the server's clock (phones drift), not more. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export interface RecordReadingDeps {
  settings: Settings;
  translations: Translations;
}

/**
 * Records a manual reading and keeps the drum's alert in step (syncDrumAlerts, the same rule
 * sensor readings follow), proposing a refill when the forecast run-out comes within the lead
 * time. Reading, alert, proposal and mails commit together.
 */
export async function recordReading(
  db: Database,
  deps: RecordReadingDeps,
  {
    accountId,
    userId,
    drumId,
    input,
    now,
    sitesInScope = null,
    idempotencyKey,
  }: {
    /** The key the device drew for this reading: a second call with it answers the first. */
    idempotencyKey?: string;
    sitesInScope?: SiteScope;
    accountId: string | null;
    userId: string;
    drumId: string;
    input: CreateReadingRequest;
    now: Date;
  },
) {
  const readAt = new Date(input.readAt);
  if (readAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw new DomainError('request.invalid', [{ field: 'readAt', errorCode: 'field.invalid' }]);
  }
  if (readAt.getTime() < now.getTime() - MAX_READING_AGE_DAYS * 24 * 3600 * 1000) {
    throw new DomainError('reading.too_old');
  }
  return db.transaction(async (tx) => {
    const [drum] = accountId
      ? await tx
          .select({
            id: drums.id,
            serial: drums.serial,
            initialLengthM: drums.initialLengthM,
            reference: cableProducts.reference,
            site: sites.name,
            collectedOn: drums.collectedOn,
          })
          .from(drums)
          .innerJoin(cableProducts, eq(cableProducts.id, drums.productId))
          .innerJoin(sites, eq(sites.id, drums.siteId))
          .where(
            and(
              eq(drums.id, drumId),
              eq(drums.accountId, accountId),
              withinSites(drums.siteId, sitesInScope),
            ),
          )
          .for('update', { of: drums })
      : [];
    // Another account's drum is as unknown as a missing one.
    if (!drum || !accountId) throw new DomainError('request.not_found');
    if (idempotencyKey) {
      const [first] = await tx
        .select()
        .from(readings)
        .where(and(eq(readings.drumId, drumId), eq(readings.idempotencyKey, idempotencyKey)));
      if (first) {
        const isSame =
          first.remainingM === input.remainingM && first.readAt.getTime() === readAt.getTime();
        if (!isSame) throw new DomainError('request.idempotency_mismatch');
        return { reading: first, alertRaised: null, created: false };
      }
    }
    // A drum collected since the reading was taken has left the account: nothing is left to read.
    if (drum.collectedOn) throw new DomainError('collection.drum_collected');
    if (input.remainingM > drum.initialLengthM) {
      throw new DomainError('request.invalid', [
        { field: 'remainingM', errorCode: 'field.invalid' },
      ]);
    }
    const [reading] = await tx
      .insert(readings)
      .values({
        drumId,
        readAt,
        remainingM: input.remainingM,
        source: 'manual',
        createdByUserId: userId,
        idempotencyKey: idempotencyKey ?? null,
      })
      .returning();
    if (!reading) throw new Error('reading insert returned nothing');

    const raised = await syncDrumAlerts(tx, deps, { accountId, drumIds: [drumId], now });
    await proposeRefills(tx, deps, { accountId, drumIds: [drumId], now });
    return { reading, alertRaised: raised.get(drumId) ?? null, created: true };
  });
}
