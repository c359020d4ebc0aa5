import { eq } from 'drizzle-orm';
import type { AlertSettings, Language } from '@portal/contract';
import type { Settings } from '../../config/env';
import { recordAudit, type Actor } from '../accounts/audit';
import type { Translations } from '../translations';
import { prepareAlertRecipients } from './alert-recipients';
import type { Database } from '../../db/client';
import { alertSettings } from '../../db/schema';

/** Threshold 20 %, critical 10 %, e-mail on, no extra recipients. */
export const defaultAlertSettings: AlertSettings = {
  thresholdPct: 20,
  criticalPct: 10,
  emailEnabled: true,
  recipients: [],
};

export async function getAlertSettings(
  db: Database,
  accountId: string | null,
): Promise<AlertSettings> {
  if (!accountId) return defaultAlertSettings;
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.accountId, accountId));
  if (!row) return defaultAlertSettings;
  const { thresholdPct, criticalPct, emailEnabled, recipients } = row;
  return { thresholdPct, criticalPct, emailEnabled, recipients };
}

/**
 * Saves the settings; recipients are kept lower-cased and once each, and every new outside
 * recipient gets its confirmation mail in the same transaction (alert-recipients.ts). A change
 * of recipients sends the account's drum levels to other addresses: it is in the account's
 * audit trail.
 */
export async function saveAlertSettings(
  db: Database,
  deps: { settings: Settings; translations: Translations },
  args: { accountId: string; locale: Language; input: AlertSettings; actor: Actor; now: Date },
): Promise<{ settings: AlertSettings; confirmationsQueued: number }> {
  const { accountId, locale, actor, now } = args;
  const settings = {
    ...args.input,
    recipients: [...new Set(args.input.recipients.map((email) => email.toLowerCase()))],
  };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ recipients: alertSettings.recipients })
      .from(alertSettings)
      .where(eq(alertSettings.accountId, accountId))
      .for('update');
    const before = current?.recipients ?? [];
    const changed =
      before.length !== settings.recipients.length ||
      settings.recipients.some((email) => !before.includes(email));
    if (changed) {
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'account.alert_recipients_changed',
        target: { type: 'account', id: accountId, label: null },
        before: { recipients: before },
        after: { recipients: settings.recipients },
        at: now,
      });
    }
    const { confirmationsQueued } = await prepareAlertRecipients(tx, deps, {
      accountId,
      recipients: settings.recipients,
      locale,
      now,
    });
    await tx
      .insert(alertSettings)
      .values({ accountId, ...settings })
      .onConflictDoUpdate({ target: alertSettings.accountId, set: settings });
    return { settings, confirmationsQueued };
  });
}
