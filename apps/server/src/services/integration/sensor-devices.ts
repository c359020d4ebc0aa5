import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type {
  LorawanDecodedPayload,
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
import { recordSensorReadings, type SensorReadingInput } from './sensor-readings';

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

/** One uplink as the services read it, whichever network server or transport brought it. */
export interface SensorUplink {
  /** Upper-case hex, as DevEuiSchema gives it. */
  devEui: string;
  /** ISO 8601, as sent: PostgreSQL reads it to the microsecond. */
  receivedAt: string;
  payload: LorawanDecodedPayload | undefined;
  /** The best gateway RSSI, dBm. */
  signal: number | undefined;
}

/** What became of one uplink; `device_refused`: a new device past the account's cap. */
export type UplinkOutcome = LorawanIngestResponse | { status: 'device_refused' };

/**
 * The devices among `devEuis` the account may hear: those it knows, and new ones while it keeps
 * fewer than `cap` devices no drum is mapped to (a key could otherwise make a row for every EUI
 * it invents). Counted under a lock per account, so parallel uplinks of new devices cannot all
 * slip under.
 */
async function admitDevices(
  tx: Transaction,
  { accountId, devEuis, cap }: { accountId: string; devEuis: string[]; cap: number },
): Promise<Set<string>> {
  const known = await tx
    .select({ devEui: sensorDevices.devEui })
    .from(sensorDevices)
    .where(
      and(
        eq(sensorDevices.accountId, accountId),
        sql`${sensorDevices.devEui} = any(${sql.param(devEuis)}::text[])`,
      ),
    );
  const admitted = new Set(known.map((row) => row.devEui));
  const unknown = devEuis.filter((devEui) => !admitted.has(devEui));
  if (!unknown.length) return admitted;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`unmapped-devices:${accountId}`}, 0))`,
  );
  const [row] = await tx
    .select({ devices: count() })
    .from(sensorDevices)
    .where(and(eq(sensorDevices.accountId, accountId), isNull(sensorDevices.drumId)));
  const room = Math.max(0, cap - (row?.devices ?? 0));
  for (const devEui of unknown.slice(0, room)) admitted.add(devEui);
  return admitted;
}

/**
 * Uplinks of LoRaWAN devices, in the caller's transaction: each device is remembered (first and
 * last heard, uplink count, last decoded payload) whether or not a drum is mapped to it, so an
 * unknown device waits in the account's list instead of being lost, up to the account's cap of
 * unmapped devices (past it a new device is refused); a mapped device's reading is recorded like
 * any sensor reading, all of them in one batch. The same device, drum and time is the reading
 * already recorded (a network server retries an uplink it thinks was lost), not a second one.
 */
export async function recordUplinks(
  tx: Transaction,
  deps: SyncDrumAlertsDeps,
  {
    accountId,
    siteIds,
    apiKeyId,
    uplinks,
    now,
  }: {
    accountId: string;
    /** The sites the sender may write to (null: all the account's). */
    siteIds: SiteScope;
    apiKeyId: string | null;
    uplinks: readonly SensorUplink[];
    now: Date;
  },
): Promise<{ outcomes: UplinkOutcome[]; alertsRaised: number }> {
  const admitted = await admitDevices(tx, {
    accountId,
    devEuis: [...new Set(uplinks.map((uplink) => uplink.devEui))],
    cap: deps.settings.quotas.unmappedDevicesPerAccount,
  });
  // One row per device: the statement below may not touch a row twice.
  const heard = new Map<
    string,
    { first: string; last: string; uplinks: number; payload: unknown }
  >();
  for (const uplink of uplinks) {
    if (!admitted.has(uplink.devEui)) continue;
    const seen = heard.get(uplink.devEui);
    const at = Date.parse(uplink.receivedAt);
    if (!seen) {
      heard.set(uplink.devEui, {
        first: uplink.receivedAt,
        last: uplink.receivedAt,
        uplinks: 1,
        payload: uplink.payload ?? null,
      });
      continue;
    }
    seen.uplinks += 1;
    if (at < Date.parse(seen.first)) seen.first = uplink.receivedAt;
    if (at >= Date.parse(seen.last)) {
      seen.last = uplink.receivedAt;
      seen.payload = uplink.payload ?? null;
    }
  }
  // One statement with one array per column, as readings are inserted (recordSensorReadings).
  const seen = [...heard];
  const column = <T>(pick: (entry: (typeof seen)[number]) => T) => sql.param(seen.map(pick));
  const devices = seen.length
    ? await queryRows<{ dev_eui: string; drum_id: string | null }>(
        tx,
        sql`
        insert into ${sensorDevices}
          (account_id, dev_eui, first_seen_at, last_seen_at, uplinks, last_payload, created_at)
        select ${accountId}::uuid, t.dev_eui, t.first_seen_at, t.last_seen_at, t.uplinks,
          t.last_payload::jsonb, ${now.toISOString()}::timestamptz
        from unnest(
          ${column(([devEui]) => devEui)}::text[],
          ${column(([, entry]) => entry.first)}::timestamptz[],
          ${column(([, entry]) => entry.last)}::timestamptz[],
          ${column(([, entry]) => entry.uplinks)}::int[],
          ${column(([, entry]) => (entry.payload === null ? null : JSON.stringify(entry.payload)))}::text[]
        ) as t(dev_eui, first_seen_at, last_seen_at, uplinks, last_payload)
        on conflict (account_id, dev_eui) do update set
          first_seen_at = least(coalesce(${sensorDevices.firstSeenAt}, excluded.first_seen_at), excluded.first_seen_at),
          last_seen_at = greatest(coalesce(${sensorDevices.lastSeenAt}, excluded.last_seen_at), excluded.last_seen_at),
          uplinks = ${sensorDevices.uplinks} + excluded.uplinks,
          last_payload = case when excluded.last_seen_at >= coalesce(${sensorDevices.lastSeenAt}, excluded.last_seen_at)
            then excluded.last_payload else ${sensorDevices.lastPayload} end
        returning dev_eui, drum_id`,
      )
    : [];
  const drumOf = new Map(devices.map((device) => [device.dev_eui, device.drum_id]));
  const drumIds = [
    ...new Set(devices.flatMap((device) => (device.drum_id ? [device.drum_id] : []))),
  ];
  const drumRows = drumIds.length
    ? await tx
        .select({ id: drums.id, serial: drums.serial, siteId: drums.siteId })
        .from(drums)
        .where(sql`${drums.id} = any(${sql.param(drumIds)}::uuid[])`)
    : [];
  // A drum of a site the sender may not see is, to the sender, a drum nobody mapped.
  const serialOf = new Map(
    drumRows.filter(isWithinSites(siteIds)).map((drum) => [drum.id, drum.serial]),
  );

  const outcomes: UplinkOutcome[] = [];
  /** Uplinks that carry a reading of a mapped drum: their index, drum and time. */
  const candidates: Array<{ index: number; drumId: string; uplink: SensorUplink }> = [];
  uplinks.forEach((uplink, index) => {
    const drumId = drumOf.get(uplink.devEui);
    if (!admitted.has(uplink.devEui)) outcomes.push({ status: 'device_refused' });
    else if (!drumId || !serialOf.has(drumId)) outcomes.push({ status: 'unmapped' });
    else if (
      uplink.payload?.remainingLength === undefined &&
      uplink.payload?.remainingPercent === undefined
    ) {
      outcomes.push({ status: 'no_reading' });
    } else {
      outcomes.push({ status: 'accepted' });
      candidates.push({ index, drumId, uplink });
    }
  });
  const recordedBefore = new Map<number, string>();
  if (candidates.length) {
    const column = <T>(pick: (candidate: (typeof candidates)[number]) => T) =>
      sql.param(candidates.map(pick));
    // As PostgreSQL reads the time sent (to the microsecond), as the reading was stored.
    const already = await queryRows<{ i: number; id: string }>(
      tx,
      sql`
      select t.i, r.id from unnest(
        ${column((c) => c.index)}::int[], ${column((c) => c.drumId)}::uuid[],
        ${column((c) => c.uplink.receivedAt)}::timestamptz[]
      ) as t(i, drum_id, read_at)
      join ${readings} r on r.drum_id = t.drum_id and r.read_at = t.read_at and r.source = 'sensor'`,
    );
    for (const row of already) recordedBefore.set(Number(row.i), row.id);
  }
  // The same drum and time twice in one batch is one reading too.
  const firstOfSame = new Map<string, number>();
  const toRecord: Array<{ index: number; input: SensorReadingInput }> = [];
  const sameAs = new Map<number, number>();
  for (const { index, drumId, uplink } of candidates) {
    if (recordedBefore.has(index)) continue;
    const key = `${drumId} ${new Date(uplink.receivedAt).toISOString()}`;
    const first = firstOfSame.get(key);
    if (first !== undefined) {
      sameAs.set(index, first);
      continue;
    }
    firstOfSame.set(key, index);
    const payload = uplink.payload;
    toRecord.push({
      index,
      input: {
        drumSerial: serialOf.get(drumId) ?? '',
        // Length wins when a formatter sends both.
        ...(payload?.remainingLength !== undefined
          ? { remainingLength: payload.remainingLength }
          : { remainingPercent: payload?.remainingPercent }),
        measuredAt: uplink.receivedAt,
        battery: payload?.battery,
        signal: uplink.signal,
      },
    });
  }
  const { response, alertsRaised } = toRecord.length
    ? await recordSensorReadings(tx, deps, {
        accountId,
        siteIds,
        apiKeyId,
        input: toRecord.map((entry) => entry.input),
        now,
      })
    : { response: { results: [] }, alertsRaised: 0 };
  toRecord.forEach((entry, position) => {
    const result = response.results[position];
    outcomes[entry.index] =
      result?.status === 'accepted'
        ? { status: 'accepted', readingId: result.readingId }
        : { status: 'rejected', code: result?.code };
  });
  for (const [index, readingId] of recordedBefore)
    outcomes[index] = { status: 'accepted', readingId };
  for (const [index, first] of sameAs) outcomes[index] = outcomes[first] ?? { status: 'unmapped' };
  return { outcomes, alertsRaised };
}

/**
 * One uplink of The Things Stack's webhook: see recordUplinks; past the account's cap of
 * unmapped devices, a new device is refused with `integration.too_many_unmapped_devices`.
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
  const rssi = (uplink.uplink_message.rx_metadata ?? [])
    .map((gateway) => gateway.rssi)
    .filter((value): value is number => value !== undefined);
  return db.transaction(async (tx) => {
    const { outcomes, alertsRaised } = await recordUplinks(tx, deps, {
      accountId,
      siteIds,
      apiKeyId,
      uplinks: [
        {
          devEui: uplink.end_device_ids.dev_eui,
          receivedAt: uplink.received_at,
          payload: uplink.uplink_message.decoded_payload,
          signal: rssi.length ? Math.max(...rssi) : undefined,
        },
      ],
      now,
    });
    const [outcome] = outcomes;
    if (!outcome || outcome.status === 'device_refused') {
      throw new DomainError('integration.too_many_unmapped_devices');
    }
    return { answer: outcome, alertsRaised };
  });
}
