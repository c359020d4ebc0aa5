import { withinSites, type SiteScope } from '../site-scope';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { QuantityGraph } from '@portal/contract';
import type { Database } from '../../db/client';
import { drums, readings } from '../../db/schema';
import { DomainError } from '../domain-error';
import { getAlertSettings } from './alert-settings';

const DEFAULT_DAYS = 180;

/**
 * Remaining length over time for one drum of the account, manual and sensor readings in one
 * timeline (each with its source, and a sensor's battery and signal), with the thresholds in metres.
 */
export async function getQuantityGraph(
  db: Database,
  {
    accountId,
    drumId,
    from,
    to,
    now,
    sitesInScope = null,
  }: {
    accountId: string | null;
    drumId: string;
    from?: string;
    to?: string;
    now: Date;
    sitesInScope?: SiteScope;
  },
): Promise<QuantityGraph> {
  const [drum] = accountId
    ? await db
        .select({ id: drums.id, initialLengthM: drums.initialLengthM })
        .from(drums)
        .where(
          and(
            eq(drums.id, drumId),
            eq(drums.accountId, accountId),
            withinSites(drums.siteId, sitesInScope),
          ),
        )
    : [];
  if (!drum) throw new DomainError('request.not_found');
  const start = from
    ? new Date(`${from}T00:00:00Z`)
    : new Date(now.getTime() - DEFAULT_DAYS * 24 * 3600 * 1000);
  const end = to ? new Date(`${to}T23:59:59.999Z`) : now;
  const rows = await db
    .select({
      at: readings.readAt,
      remainingM: readings.remainingM,
      source: readings.source,
      battery: readings.batteryPct,
      signal: readings.signalDbm,
    })
    .from(readings)
    .where(and(eq(readings.drumId, drumId), gte(readings.readAt, start), lte(readings.readAt, end)))
    .orderBy(asc(readings.readAt));
  const settings = await getAlertSettings(db, accountId);
  return {
    drumId,
    initialLengthM: drum.initialLengthM,
    thresholdM: (drum.initialLengthM * settings.thresholdPct) / 100,
    criticalM: (drum.initialLengthM * settings.criticalPct) / 100,
    points: rows.map((row) => ({
      at: row.at.toISOString(),
      remainingM: row.remainingM,
      source: row.source,
      // A person's reading says nothing of a battery or radio, whatever a column holds.
      battery: row.source === 'sensor' ? row.battery : null,
      signal: row.source === 'sensor' ? row.signal : null,
    })),
  };
}
