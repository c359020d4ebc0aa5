import { withinSites, type SiteScope } from '../site-scope';
import { sql } from 'drizzle-orm';
import type { DrumListResponse, ReadingSource } from '@portal/contract';
import type { Settings } from '../../config/env';
import { queryRows, type Database } from '../../db/client';
import { CONSUMPTION_WINDOW_DAYS, computeDrumFigures } from './drum-figures';
import { getAlertSettings } from './alert-settings';
import { computeDrumRent } from '../drum-account/drum-rent';
import { getRentTerms, rentToday } from '../drum-account/rent-terms';

interface DrumRow {
  id: string;
  public_code: string;
  serial: string;
  initial_length_m: number;
  site_id: string;
  site_name: string;
  site_city: string;
  site_address: string | null;
  product_id: string;
  reference: string;
  family: string;
  cross_section_mm2: number;
  drum_type_id: string;
  drum_type_code: string;
  last_at: Date | null;
  last_m: number | null;
  last_source: ReadingSource | null;
  sensor_at: Date | null;
  sensor_battery: number | null;
  sensor_signal: number | null;
  window_at: Date | null;
  window_m: number | null;
  alert_level: 'low' | 'critical' | null;
  is_ordered: boolean;
  installed_on: string;
}

const HOUR_MS = 3600 * 1000;

/** The settings the drum list derives from. */
export type DrumListSettings = Pick<Settings, 'drumRentDefaults' | 'sensorStaleAfterHours'>;

/**
 * The account's drums on site with their derived values (a collected drum has left the
 * account). One query: each drum's latest reading, its
 * latest sensor reading (freshness, battery, signal) and the first reading of the 30-day window
 * come from LATERAL lookups on the (drum_id, read_at) indexes, so the cost grows with the number
 * of drums, not of readings.
 */
export async function listDrums(
  db: Database,
  accountId: string | null,
  now: Date,
  sitesInScope: SiteScope,
  drumSettings: DrumListSettings,
): Promise<DrumListResponse> {
  const rentDefaults = drumSettings.drumRentDefaults;
  const staleBefore = now.getTime() - drumSettings.sensorStaleAfterHours * HOUR_MS;
  const settings = await getAlertSettings(db, accountId);
  const thresholds = { thresholdPct: settings.thresholdPct, criticalPct: settings.criticalPct };
  const rentTerms = await getRentTerms(db, rentDefaults, accountId);
  if (!accountId) return { drums: [], thresholds, rentTerms };
  const today = rentToday(now);
  const windowStart = new Date(now.getTime() - CONSUMPTION_WINDOW_DAYS * 24 * 3600 * 1000);
  const rows = await queryRows<DrumRow>(
    db,
    sql`
    select d.id, d.public_code, d.serial, d.initial_length_m::float8 as initial_length_m,
      d.installed_on::text as installed_on,
      s.id as site_id, s.name as site_name, s.city as site_city, s.address as site_address,
      p.id as product_id, p.reference, p.family, p.cross_section_mm2::float8 as cross_section_mm2,
      t.id as drum_type_id, t.code as drum_type_code,
      l.read_at as last_at, l.remaining_m as last_m, l.source as last_source,
      e.read_at as sensor_at, e.battery_pct as sensor_battery, e.signal_dbm as sensor_signal,
      w.read_at as window_at, w.remaining_m as window_m,
      a.level as alert_level,
      exists (
        select 1 from refill_request_items i join refill_requests q on q.id = i.request_id
        where i.drum_id = d.id and q.status in ('submitted', 'confirmed')
      ) as is_ordered
    from drums d
    join sites s on s.id = d.site_id
    join cable_products p on p.id = d.product_id
    join drum_types t on t.id = d.drum_type_id
    left join lateral (
      select r.read_at, r.remaining_m::float8 as remaining_m, r.source from readings r
      where r.drum_id = d.id and r.read_at <= ${now}
      order by r.read_at desc limit 1
    ) l on true
    left join lateral (
      select r.read_at, r.battery_pct::float8 as battery_pct, r.signal_dbm::float8 as signal_dbm
      from readings r
      where r.drum_id = d.id and r.source = 'sensor' and r.read_at <= ${now}
      order by r.read_at desc limit 1
    ) e on true
    left join lateral (
      select r.read_at, r.remaining_m::float8 as remaining_m from readings r
      where r.drum_id = d.id and r.read_at >= ${windowStart} and r.read_at <= ${now}
      order by r.read_at asc limit 1
    ) w on true
    left join alerts a on a.drum_id = d.id and a.resolved_at is null
    where d.account_id = ${accountId} and d.collected_on is null
      and ${withinSites(sql`d.site_id`, sitesInScope) ?? sql`true`}
    order by s.name, d.serial`,
  );
  const drums = rows.map((row) => {
    const latest =
      row.last_at && row.last_m !== null
        ? { at: new Date(row.last_at), remainingM: row.last_m }
        : null;
    const start =
      row.window_at && row.window_m !== null
        ? { at: new Date(row.window_at), remainingM: row.window_m }
        : null;
    const figures = computeDrumFigures({
      initialLengthM: row.initial_length_m,
      latest,
      windowStart: start,
      ...thresholds,
      isOrdered: row.is_ordered,
      now,
    });
    return {
      id: row.id,
      publicCode: row.public_code,
      serial: row.serial,
      site: {
        id: row.site_id,
        name: row.site_name,
        city: row.site_city,
        address: row.site_address,
      },
      product: {
        id: row.product_id,
        reference: row.reference,
        family: row.family,
        crossSectionMm2: row.cross_section_mm2,
      },
      drumType: { id: row.drum_type_id, code: row.drum_type_code },
      initialLengthM: row.initial_length_m,
      ...figures,
      lastReadingAt: latest ? latest.at.toISOString() : null,
      lastReadingSource: latest ? row.last_source : null,
      sensor: row.sensor_at
        ? {
            lastReadingAt: new Date(row.sensor_at).toISOString(),
            battery: row.sensor_battery,
            signal: row.sensor_signal,
            isStale: new Date(row.sensor_at).getTime() < staleBefore,
          }
        : null,
      activeAlert: row.alert_level,
      deliveredOn: row.installed_on,
      rent: computeDrumRent({ deliveredOn: row.installed_on, today, terms: rentTerms }),
    };
  });
  return { drums, thresholds, rentTerms };
}
