import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type {
  LorawanIngestResponse,
  LorawanUplink,
  PageQuery,
  SensorDeviceList,
} from '@portal/contract';
import { queryRows, type Database, type Transaction } from '../../db/client';
import { drums, readings, sensorDevices } from '../../db/schema';
import { recordAudit, type Actor } from '../accounts/audit';
import { DomainError } from '../domain-error';
import type { SyncDrumAlertsDeps } from '../refill/sync-drum-alerts';
import { isWithinSites, type SiteScope } from '../site-scope';
import { recordSensorReadings } from './sensor-readings';

/**
 * Maps a LoRaWAN device to one of the account's drums (null: the drum keeps no device). A
 * device mapped to another drum moves to this one; a drum has one device at most. A change is
 * written to the account's audit trail (the drum's device before and after); setting what is
 * already set writes nothing.
 */
export async function setDrumDevice(
  db: Database,
  {
    accountId,
    drumId,
    devEui,
    actor,
    now,
  }: { accountId: string; drumId: string; devEui: string | null; actor: Actor; now: Date },
): Promise<{ drumId: string; devEui: string | null }> {
  return db.transaction(async (tx) => {
    const [drum] = await tx
      .select({ id: drums.id, serial: drums.serial })
      .from(drums)
      .where(and(eq(drums.id, drumId), eq(drums.accountId, accountId)))
      .for('update');
    if (!drum) throw new DomainError('request.not_found');
    const [current] = await tx
      .select({ devEui: sensorDevices.devEui })
      .from(sensorDevices)
      .where(and(eq(sensorDevices.accountId, accountId), eq(sensorDevices.drumId, drumId)));
    const before = current?.devEui ?? null;
    if (before !== devEui) {
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'integration.device_mapped',
        target: { type: 'drum', id: drumId, label: drum.serial },
        before: { devEui: before },
        after: { devEui },
        at: now,
      });
    }
    await tx
      .update(sensorDevices)
      .set({ drumId: null })
      .where(and(eq(sensorDevices.accountId, accountId), eq(sensorDevices.drumId, drumId)));
    if (devEui) {
      await tx
        .insert(sensorDevices)
        .values({ accountId, devEui, drumId, createdAt: now })
        .onConflictDoUpdate({
          target: [sensorDevices.accountId, sensorDevices.devEui],
          set: { drumId },
        });
    }
    return { drumId, devEui };
  });
}

interface DeviceRow {
  id: string;
  dev_eui: string;
  drum_id: string | null;
  drum_serial: string | null;
  first_seen_at: Date | string | null;
  last_seen_at: Date | string | null;
  uplinks: number;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** The account's devices: those no drum is mapped to first (they wait for an admin), then by last uplink. */
export async function listSensorDevices(
  db: Database,
  accountId: string,
  { limit, offset }: PageQuery,
): Promise<SensorDeviceList> {
  const rows = await queryRows<DeviceRow>(
    db,
    sql`
    select v.id, v.dev_eui, v.drum_id, d.serial as drum_serial, v.first_seen_at, v.last_seen_at,
      v.uplinks
    from sensor_devices v left join drums d on d.id = v.drum_id
    where v.account_id = ${accountId}
    order by (v.drum_id is null) desc, v.last_seen_at desc nulls last, v.dev_eui
    limit ${limit + 1} offset ${offset}`,
  );
  return {
    devices: rows.slice(0, limit).map((row) => ({
      id: row.id,
      devEui: row.dev_eui,
      drum: row.drum_id && row.drum_serial ? { id: row.drum_id, serial: row.drum_serial } : null,
      firstSeenAt: iso(row.first_seen_at),
      lastSeenAt: iso(row.last_seen_at),
      uplinks: Number(row.uplinks),
    })),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}

/**
 * Lets a device the account has never heard in, while the account keeps fewer than `cap`
 * devices no drum is mapped to: a key could otherwise make a row for every EUI it invents.
 * Counted under a lock per account, so parallel uplinks of new devices cannot all slip under.
 */
async function admitNewDevice(
  tx: Transaction,
  { accountId, devEui, cap }: { accountId: string; devEui: string; cap: number },
): Promise<void> {
  const [known] = await tx
    .select({ id: sensorDevices.id })
    .from(sensorDevices)
    .where(and(eq(sensorDevices.accountId, accountId), eq(sensorDevices.devEui, devEui)));
  if (known) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`unmapped-devices:${accountId}`}, 0))`,
  );
  const [row] = await tx
    .select({ devices: count() })
    .from(sensorDevices)
    .where(and(eq(sensorDevices.accountId, accountId), isNull(sensorDevices.drumId)));
  if ((row?.devices ?? 0) >= cap) throw new DomainError('integration.too_many_unmapped_devices');
}

/**
 * One uplink of The Things Stack: the device is remembered (first and last heard, uplink count,
 * last decoded payload) whether or not a drum is mapped to it, so an unknown device waits in the
 * account's list instead of being lost, up to the account's cap of unmapped devices (past it a
 * new device is refused); a mapped device's reading is recorded like any sensor reading, its
 * signal the best gateway RSSI.
 */
export async function ingestLorawanUplink(
  db: Database,
  deps: SyncDrumAlertsDeps,
  {
    accountId,
    siteIds,
    apiKeyId,
    uplink,
    now,
  }: {
    accountId: string;
    siteIds: SiteScope;
    apiKeyId: string;
    uplink: LorawanUplink;
    now: Date;
  },
): Promise<{ answer: LorawanIngestResponse; alertsRaised: number }> {
  const devEui = uplink.end_device_ids.dev_eui;
  const receivedAt = new Date(uplink.received_at);
  const payload = uplink.uplink_message.decoded_payload;
  return db.transaction(async (tx) => {
    await admitNewDevice(tx, {
      accountId,
      devEui,
      cap: deps.settings.quotas.unmappedDevicesPerAccount,
    });
    const [device] = await tx
      .insert(sensorDevices)
      .values({
        accountId,
        devEui,
        firstSeenAt: receivedAt,
        lastSeenAt: receivedAt,
        uplinks: 1,
        lastPayload: payload ?? null,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [sensorDevices.accountId, sensorDevices.devEui],
        set: {
          firstSeenAt: sql`least(coalesce(${sensorDevices.firstSeenAt}, excluded.first_seen_at), excluded.first_seen_at)`,
          lastSeenAt: sql`greatest(coalesce(${sensorDevices.lastSeenAt}, excluded.last_seen_at), excluded.last_seen_at)`,
          uplinks: sql`${sensorDevices.uplinks} + 1`,
          lastPayload: sql`excluded.last_payload`,
        },
      })
      .returning({ drumId: sensorDevices.drumId });
    if (!device?.drumId) return { answer: { status: 'unmapped' }, alertsRaised: 0 };
    if (payload?.remainingLength === undefined && payload?.remainingPercent === undefined) {
      return { answer: { status: 'no_reading' }, alertsRaised: 0 };
    }
    const [drum] = await tx
      .select({ serial: drums.serial, siteId: drums.siteId })
      .from(drums)
      .where(eq(drums.id, device.drumId));
    // A drum of a site the key may not see is, to that key, a drum nobody mapped.
    if (!drum || !isWithinSites(siteIds)(drum)) {
      return { answer: { status: 'unmapped' }, alertsRaised: 0 };
    }
    // A network server retries an uplink it thinks was lost: the same device, drum and time is
    // the reading already recorded, not a second one.
    const [already] = await tx
      .select({ id: readings.id })
      .from(readings)
      .where(
        and(
          eq(readings.drumId, device.drumId),
          // As PostgreSQL reads the time sent (to the microsecond), as the reading was stored.
          sql`${readings.readAt} = ${uplink.received_at}::timestamptz`,
          eq(readings.source, 'sensor'),
        ),
      )
      .limit(1);
    if (already) return { answer: { status: 'accepted', readingId: already.id }, alertsRaised: 0 };
    const rssi = (uplink.uplink_message.rx_metadata ?? [])
      .map((gateway) => gateway.rssi)
      .filter((value): value is number => value !== undefined);
    const { response, alertsRaised } = await recordSensorReadings(tx, deps, {
      accountId,
      siteIds,
      apiKeyId,
      input: [
        {
          drumSerial: drum.serial,
          // Length wins when a formatter sends both.
          ...(payload.remainingLength !== undefined
            ? { remainingLength: payload.remainingLength }
            : { remainingPercent: payload.remainingPercent }),
          measuredAt: uplink.received_at,
          battery: payload.battery,
          signal: rssi.length ? Math.max(...rssi) : undefined,
        },
      ],
      now,
    });
    const [result] = response.results;
    return {
      answer:
        result?.status === 'accepted'
          ? { status: 'accepted', readingId: result.readingId }
          : { status: 'rejected', code: result?.code },
      alertsRaised,
    };
  });
}
