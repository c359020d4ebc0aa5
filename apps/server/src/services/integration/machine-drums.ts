import { sql } from 'drizzle-orm';
import type { MachineDrum, PageQuery } from '@portal/contract';
import { queryRows, type Database } from '../../db/client';
import { withinSites, type SiteScope } from '../site-scope';

interface Row {
  id: string;
  serial: string;
  site: string;
  reference: string;
  initial_length_m: number;
  dev_eui: string | null;
  read_at: Date | string | null;
  remaining_m: number | null;
  source: 'manual' | 'sensor' | null;
  battery_pct: number | null;
  signal_dbm: number | null;
}

/**
 * The account's drums by serial, each with its latest reading (manual or sensor) and device;
 * only those of `siteIds` when the key is limited to some sites.
 */
export async function listMachineDrums(
  db: Database,
  { accountId, siteIds }: { accountId: string; siteIds: SiteScope },
  { limit, offset }: PageQuery,
): Promise<{ drums: MachineDrum[]; nextOffset: number | null }> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select d.id, d.serial, s.name as site, p.reference, d.initial_length_m::float8 as initial_length_m,
      v.dev_eui, l.read_at, l.remaining_m, l.source, l.battery_pct, l.signal_dbm
    from drums d
    join sites s on s.id = d.site_id
    join cable_products p on p.id = d.product_id
    left join sensor_devices v on v.drum_id = d.id
    left join lateral (
      select r.read_at, r.remaining_m::float8 as remaining_m, r.source,
        r.battery_pct::float8 as battery_pct, r.signal_dbm::float8 as signal_dbm
      from readings r where r.drum_id = d.id order by r.read_at desc limit 1
    ) l on true
    where d.account_id = ${accountId} and ${withinSites(sql`d.site_id`, siteIds) ?? sql`true`}
    order by d.serial, d.id
    limit ${limit + 1} offset ${offset}`,
  );
  return {
    drums: rows.slice(0, limit).map((row) => ({
      id: row.id,
      serial: row.serial,
      site: row.site,
      cableReference: row.reference,
      initialLength: row.initial_length_m,
      devEui: row.dev_eui,
      lastReading:
        row.read_at !== null && row.remaining_m !== null && row.source
          ? {
              measuredAt: new Date(row.read_at).toISOString(),
              remainingLength: row.remaining_m,
              remainingPercent: Math.round((row.remaining_m / row.initial_length_m) * 1000) / 10,
              source: row.source,
              battery: row.battery_pct,
              signal: row.signal_dbm,
            }
          : null,
    })),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}
