import { withinSites, type SiteScope } from '../site-scope';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { linkedPages, type CreateReadingRequest } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { alerts, cableProducts, drums, readings, sites } from '../../db/schema';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../mail/outbox';
import { renderDrumAlertMail } from '../mail/templates/drum-alert';
import type { Translations } from '../translations';
import { alertLevel } from './drum-figures';
import { alertMailRecipients, alertMailsAllowed } from './alert-recipients';
import { getAlertSettings } from './alert-settings';

/** A reading may be a few minutes ahead of the server's clock (phones drift), not more. */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
/** Alert mails are useful for a day; after that the overview says it better. */
const ALERT_MAIL_TTL_MS = 24 * 3600 * 1000;

export interface RecordReadingDeps {
  settings: Settings;
  translations: Translations;
}

/**
 * Records a manual reading and keeps the drum's alert in step: crossing the threshold raises one
 * active alert (and queues one e-mail when alerts by e-mail are on), crossing the critical
 * threshold upgrades it (one more e-mail), going back above the threshold resolves it. A drum that
 * stays low raises nothing more. Reading, alert and mail commit together.
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
  }: {
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
  return db.transaction(async (tx) => {
    const [drum] = accountId
      ? await tx
          .select({
            id: drums.id,
            serial: drums.serial,
            initialLengthM: drums.initialLengthM,
            reference: cableProducts.reference,
            site: sites.name,
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
      })
      .returning();
    if (!reading) throw new Error('reading insert returned nothing');

    // The alert follows the drum's latest reading, which a back-dated entry may not be.
    const [latest] = await tx
      .select({ remainingM: readings.remainingM, readAt: readings.readAt })
      .from(readings)
      .where(eq(readings.drumId, drumId))
      .orderBy(sql`${readings.readAt} desc`)
      .limit(1);
    const remainingM = latest?.remainingM ?? input.remainingM;
    const remainingPct = Math.round((remainingM / drum.initialLengthM) * 1000) / 10;
    const settings = await getAlertSettings(tx, accountId);
    const level = alertLevel(remainingPct, settings.thresholdPct, settings.criticalPct);
    const [active] = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.drumId, drumId), isNull(alerts.resolvedAt)));

    // An alert is "since" the reading that crossed the threshold, not since it was typed in.
    const crossedAt = latest?.readAt ?? now;
    let raised: 'low' | 'critical' | null = null;
    if (!level && active) {
      await tx.update(alerts).set({ resolvedAt: now }).where(eq(alerts.id, active.id));
    } else if (level && !active) {
      await tx.insert(alerts).values({ accountId, drumId, level, raisedAt: crossedAt });
      raised = level;
    } else if (level === 'critical' && active?.level === 'low') {
      await tx.update(alerts).set({ level, raisedAt: crossedAt }).where(eq(alerts.id, active.id));
      raised = level;
    }

    if (raised && settings.emailEnabled) {
      const recipients = await alertMailRecipients(tx, accountId, settings.recipients);
      // Past the account's daily allowance the alert still shows in the portal, without mail.
      const allowed = await alertMailsAllowed(tx, deps.settings, accountId, recipients.length, now);
      for (const recipient of recipients.slice(0, allowed)) {
        const mail = renderDrumAlertMail(deps.translations, recipient.locale, {
          serial: drum.serial,
          reference: drum.reference,
          site: drum.site,
          remainingM,
          remainingPct,
          level: raised,
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
    return { reading, alertRaised: raised };
  });
}
