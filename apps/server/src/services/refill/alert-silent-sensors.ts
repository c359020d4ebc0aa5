import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { linkedPages } from '@portal/contract';
import type { Settings } from '../../config/env';
import { queryRows, type Database } from '../../db/client';
import { drums, notifications, users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { renderSensorSilentMail } from '../mail/templates/sensor-silent';
import type { Translations } from '../translations';
import { alertMailRecipients, alertMailsAllowed } from './alert-recipients';
import { getAlertSettings } from './alert-settings';

/** The in-app notification's action for a drum whose sensor stopped reporting. */
export const SENSOR_SILENT_ACTION = 'sensor_silent';

/** A silence mail is worth sending for a day; after that the drum's page says it better. */
const SILENCE_MAIL_TTL_MS = 24 * 3600 * 1000;

interface SilentDrumRow {
  id: string;
  account_id: string;
  site_id: string;
  serial: string;
  reference: string;
  site_name: string;
  sensor_at: Date | string;
}

/**
 * Tells each account, once per silence, that a drum's sensor has sent nothing for longer than
 * `sensorStaleAfterHours`: an in-app notification to each active user of the account who sees the
 * drum's site, and a mail to the account's alert recipients when alert mails are on (within the
 * account's daily mail allowance). A silence is claimed by a conditional update of the drum's
 * `stale_alerted_at` (null, or older than the sensor's latest reading), in the transaction that
 * writes the notifications and mails: two instances sweeping at once tell it once, and a sensor
 * reading that arrives afterwards makes its next silence a new one. Drums of suspended accounts
 * are left alone. Returns the number of silences told.
 */
export async function alertSilentSensors(
  db: Database,
  deps: { settings: Settings; translations: Translations },
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.settings.sensorStaleAfterHours * 3600 * 1000);
  const rows = await queryRows<SilentDrumRow>(
    db,
    sql`
    select d.id, d.account_id, d.site_id, d.serial, p.reference, s.name as site_name,
      e.read_at as sensor_at
    from drums d
    join accounts a on a.id = d.account_id and a.suspended_at is null
    join sites s on s.id = d.site_id
    join cable_products p on p.id = d.product_id
    join lateral (
      select r.read_at from readings r
      where r.drum_id = d.id and r.source = 'sensor' and r.read_at <= ${now}
      order by r.read_at desc limit 1
    ) e on true
    where e.read_at < ${cutoff}
      and (d.stale_alerted_at is null or d.stale_alerted_at < e.read_at)
    order by d.account_id, d.serial`,
  );
  let told = 0;
  for (const row of rows) {
    const sensorAt = new Date(row.sensor_at);
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(drums)
        .set({ staleAlertedAt: now })
        .where(
          and(
            eq(drums.id, row.id),
            or(isNull(drums.staleAlertedAt), lt(drums.staleAlertedAt, sensorAt)),
          ),
        )
        .returning({ id: drums.id });
      if (!claimed.length) return false;
      const members = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.accountId, row.account_id),
            isNull(users.suspendedAt),
            isNull(users.pendingApprovalSince),
            sql`(${users.siteIds} is null or ${users.siteIds} @> ${JSON.stringify([row.site_id])}::jsonb)`,
          ),
        );
      if (members.length) {
        await tx.insert(notifications).values(
          members.map((member) => ({
            userId: member.id,
            drumId: row.id,
            action: SENSOR_SILENT_ACTION,
            createdAt: now,
          })),
        );
      }
      const alertSettings = await getAlertSettings(tx, row.account_id);
      if (!alertSettings.emailEnabled) return true;
      const recipients = await alertMailRecipients(tx, row.account_id, alertSettings.recipients);
      const allowed = await alertMailsAllowed(
        tx,
        deps.settings,
        row.account_id,
        recipients.length,
        now,
      );
      for (const recipient of recipients.slice(0, allowed)) {
        const mail = renderSensorSilentMail(deps.translations, recipient.locale, {
          serial: row.serial,
          reference: row.reference,
          site: row.site_name,
          lastReadingAt: sensorAt,
          portalUrl: new URL(
            `${linkedPages.refill}?drum=${encodeURIComponent(row.id)}`,
            deps.settings.publicUrl,
          ).toString(),
        });
        await enqueueMail(tx, {
          ...mail,
          kind: 'sensor_silent',
          to: recipient.email,
          locale: recipient.locale,
          expiresAt: new Date(now.getTime() + SILENCE_MAIL_TTL_MS),
          now,
        });
      }
      return true;
    });
    if (sent) told += 1;
  }
  return told;
}
