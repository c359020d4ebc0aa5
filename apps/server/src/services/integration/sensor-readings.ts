import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  MachineReading,
  ReadingBatchResponse,
  ReadingRejectionCode,
  ReadingResult,
} from '@portal/contract';
import type { Transaction } from '../../db/client';
import { drums, readings } from '../../db/schema';
import { FUTURE_TOLERANCE_MS } from '../refill/record-reading';
import { proposeRefills } from '../refill/refill-proposals';
import { syncDrumAlerts, type SyncDrumAlertsDeps } from '../refill/sync-drum-alerts';
import { withinSites, type SiteScope } from '../site-scope';

/** A reading dated before the drum's installation day (a day's slack for time zones) is refused. */
const INSTALLATION_SLACK_MS = 24 * 3600 * 1000;

/** A reading as a sensor sends it, its signal possibly taken from the radio (LoRaWAN RSSI). */
export type SensorReadingInput = Omit<MachineReading, 'drumSerial'> & { drumSerial: string };

/**
 * Records a batch of sensor readings in the caller's transaction: each is accepted or rejected on
 * its own (an unknown serial — another account's drum, or one of a site the key may not see,
 * included, never told apart — a reading in
 * the future, before the drum's installation, or above its length), the accepted ones are
 * inserted in one statement, and the alerts and proposed refills of the drums they touched follow
 * the same rules as a manual reading's (syncDrumAlerts, proposeRefills), once per drum. The drums
 * are locked in a fixed order, so two batches on the same drums take turns instead of deadlocking.
 */
export async function recordSensorReadings(
  tx: Transaction,
  deps: SyncDrumAlertsDeps,
  {
    accountId,
    siteIds,
    apiKeyId,
    input,
    now,
  }: {
    accountId: string;
    siteIds: SiteScope;
    /** Null for readings no API key brought (an MQTT broker's). */
    apiKeyId: string | null;
    input: readonly SensorReadingInput[];
    now: Date;
  },
): Promise<{ response: ReadingBatchResponse; alertsRaised: number }> {
  const serials = [...new Set(input.map((reading) => reading.drumSerial))];
  const drumRows = serials.length
    ? await tx
        .select({
          id: drums.id,
          serial: drums.serial,
          initialLengthM: drums.initialLengthM,
          installedOn: drums.installedOn,
        })
        .from(drums)
        .where(
          and(
            eq(drums.accountId, accountId),
            withinSites(drums.siteId, siteIds),
            sql`${drums.serial} = any(${sql.param(serials)}::text[])`,
          ),
        )
        .orderBy(drums.id)
        .for('update')
    : [];
  const bySerial = new Map(drumRows.map((drum) => [drum.serial, drum]));
  const results: ReadingResult[] = [];
  const rows: Array<{
    id: string;
    drumId: string;
    /** ISO 8601, as sent: PostgreSQL reads it, no Date is formatted a thousand times. */
    readAt: string;
    remainingM: number;
    batteryPct: number | null;
    signalDbm: number | null;
  }> = [];
  input.forEach((reading, index) => {
    const drum = bySerial.get(reading.drumSerial);
    const readAt = new Date(reading.measuredAt);
    const remainingM = drum
      ? (reading.remainingLength ??
        Math.round((reading.remainingPercent ?? 0) * drum.initialLengthM) / 100)
      : 0;
    let code: ReadingRejectionCode | undefined;
    if (!drum) code = 'unknown_serial';
    else if (readAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) code = 'in_the_future';
    else if (readAt.getTime() < Date.parse(`${drum.installedOn}T00:00:00Z`) - INSTALLATION_SLACK_MS)
      code = 'before_installation';
    else if (remainingM > drum.initialLengthM) code = 'above_drum_length';
    if (code || !drum) {
      results.push({ index, status: 'rejected', code });
      return;
    }
    const id = randomUUID();
    rows.push({
      id,
      drumId: drum.id,
      readAt: reading.measuredAt,
      remainingM,
      batteryPct: reading.battery ?? null,
      signalDbm: reading.signal ?? null,
    });
    results.push({ index, status: 'accepted', readingId: id });
  });
  // One statement with one array per column: a thousand rows are eight parameters, not 8,000.
  if (rows.length) {
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
    await tx.execute(sql`
      insert into ${readings} (id, drum_id, read_at, remaining_m, battery_pct, signal_dbm, source, api_key_id)
      select t.*, 'sensor', ${apiKeyId}::uuid from unnest(
        ${column((row) => row.id)}::uuid[], ${column((row) => row.drumId)}::uuid[],
        ${column((row) => row.readAt)}::timestamptz[], ${column((row) => row.remainingM)}::numeric[],
        ${column((row) => row.batteryPct)}::numeric[], ${column((row) => row.signalDbm)}::numeric[]
      ) as t`);
  }
  const touched = [...new Set(rows.map((row) => row.drumId))];
  const raised = await syncDrumAlerts(tx, deps, { accountId, drumIds: touched, now });
  await proposeRefills(tx, deps, { accountId, drumIds: touched, now });
  return {
    response: {
      accepted: rows.length,
      rejected: input.length - rows.length,
      results,
    },
    alertsRaised: raised.size,
  };
}
