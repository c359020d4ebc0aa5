import { and, eq, inArray, sql } from 'drizzle-orm';
import { linkedPages } from '@portal/contract';
import type { Settings } from '../../config/env';
import { queryRows, type Transaction } from '../../db/client';
import { alerts } from '../../db/schema';
import { enqueueWebhookEvents } from '../integration/webhooks/enqueue-webhook-events';
import { enqueueMail } from '../mail/outbox';
import { renderDrumAlertMail } from '../mail/templates/drum-alert';
import type { Translations } from '../translations';
import { alertMailRecipients, alertMailsAllowed } from './alert-recipients';
import { getAlertSettings } from './alert-settings';
import { alertLevel } from './drum-figures';

/** Alert mails are useful for a day; after that the overview says it better. */
const ALERT_MAIL_TTL_MS = 24 * 3600 * 1000;

export interface SyncDrumAlertsDeps {
  settings: Settings;
  translations: Translations;
}

interface DrumAlertRow {
  id: string;
  serial: string;
  site_id: string;
  initial_length_m: number;
  reference: string;
  site: string;
  latest_m: number | null;
  latest_at: Date | string | null;
  alert_id: string | null;
  alert_level: 'low' | 'critical' | null;
}

export type RaisedAlerts = Map<string, 'low' | 'critical'>;

/**
 * Keeps the alerts of drums that just got readings in step with each drum's latest reading,
 * whatever recorded them (a person, a sensor, a batch of a thousand): crossing the threshold
 * raises one active alert (and queues one e-mail per recipient when alerts by e-mail are on),
 * crossing the critical threshold upgrades it (one more e-mail), going back above the threshold
 * resolves it. A drum that stays low raises nothing more. Each raise or upgrade is also a
 * `drum.low` or `drum.critical` event for the account's webhooks. Runs in the caller's transaction, with
 * the drums locked, so readings, alerts and mails commit together; a few queries for the whole
 * set, not per drum. Answers the drums whose alert was raised or upgraded.
 */
export async function syncDrumAlerts(
  tx: Transaction,
  deps: SyncDrumAlertsDeps,
  { accountId, drumIds, now }: { accountId: string; drumIds: readonly string[]; now: Date },
): Promise<RaisedAlerts> {
  const raised: RaisedAlerts = new Map();
  if (drumIds.length === 0) return raised;
  // The alert follows each drum's latest reading, which a back-dated entry may not be.
  const rows = await queryRows<DrumAlertRow>(
    tx,
    sql`
    select d.id, d.serial, d.site_id, d.initial_length_m::float8 as initial_length_m, p.reference,
      s.name as site, l.remaining_m as latest_m, l.read_at as latest_at, a.id as alert_id, a.level as alert_level
    from drums d
    join cable_products p on p.id = d.product_id
    join sites s on s.id = d.site_id
    left join lateral (
      select r.remaining_m::float8 as remaining_m, r.read_at from readings r
      where r.drum_id = d.id order by r.read_at desc limit 1
    ) l on true
    left join alerts a on a.drum_id = d.id and a.resolved_at is null
    where d.account_id = ${accountId} and d.id = any(${sql.param([...drumIds])}::uuid[])`,
  );
  const settings = await getAlertSettings(tx, accountId);
  const toResolve: string[] = [];
  const toUpgrade: Array<{ id: string; at: Date }> = [];
  const toRaise: Array<typeof alerts.$inferInsert> = [];
  const mails: Array<{ row: DrumAlertRow; remainingM: number; remainingPct: number }> = [];
  for (const row of rows) {
    const remainingM = row.latest_m ?? row.initial_length_m;
    const remainingPct = Math.round((remainingM / row.initial_length_m) * 1000) / 10;
    const level = alertLevel(remainingPct, settings.thresholdPct, settings.criticalPct);
    // An alert is "since" the reading that crossed the threshold, not since it was received.
    const crossedAt = row.latest_at ? new Date(row.latest_at) : now;
    if (!level && row.alert_id) {
      toResolve.push(row.alert_id);
    } else if (level && !row.alert_id) {
      toRaise.push({ accountId, drumId: row.id, level, raisedAt: crossedAt });
      raised.set(row.id, level);
    } else if (level === 'critical' && row.alert_level === 'low' && row.alert_id) {
      toUpgrade.push({ id: row.alert_id, at: crossedAt });
      raised.set(row.id, level);
    } else {
      continue;
    }
    if (raised.has(row.id)) mails.push({ row, remainingM, remainingPct });
  }
  if (toResolve.length) {
    await tx.update(alerts).set({ resolvedAt: now }).where(inArray(alerts.id, toResolve));
  }
  // Upgrades are rare (a drum crossing the critical threshold): one statement each.
  for (const upgrade of toUpgrade) {
    await tx
      .update(alerts)
      .set({ level: 'critical', raisedAt: upgrade.at })
      .where(and(eq(alerts.id, upgrade.id), eq(alerts.level, 'low')));
  }
  if (toRaise.length) await tx.insert(alerts).values(toRaise);
  await enqueueWebhookEvents(tx, {
    accountId,
    now,
    events: mails.map(({ row, remainingM, remainingPct }) => {
      const data = {
        drumId: row.id,
        serial: row.serial,
        site: row.site,
        remainingLength: remainingM,
        remainingPercent: remainingPct,
        measuredAt: new Date(row.latest_at ?? now).toISOString(),
      };
      return raised.get(row.id) === 'critical'
        ? { type: 'drum.critical' as const, siteId: row.site_id, data }
        : { type: 'drum.low' as const, siteId: row.site_id, data };
    }),
  });

  if (mails.length && settings.emailEnabled) {
    const recipients = await alertMailRecipients(tx, accountId, settings.recipients);
    for (const { row, remainingM, remainingPct } of mails) {
      // Past the account's daily allowance the alert still shows in the portal, without mail.
      const allowed = await alertMailsAllowed(tx, deps.settings, accountId, recipients.length, now);
      for (const recipient of recipients.slice(0, allowed)) {
        const mail = renderDrumAlertMail(deps.translations, recipient.locale, {
          serial: row.serial,
          reference: row.reference,
          site: row.site,
          remainingM,
          remainingPct,
          level: raised.get(row.id)!,
          portalUrl: new URL(linkedPages.refill, deps.settings.publicUrl).toString(),
        });
        await enqueueMail(tx, {
          ...mail,
          kind: 'drum_alert',
          to: recipient.email,
          locale: recipient.locale,
          expiresAt: new Date(now.getTime() + ALERT_MAIL_TTL_MS),
          now,
        });
      }
    }
  }
  return raised;
}
