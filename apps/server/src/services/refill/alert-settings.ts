import { eq } from 'drizzle-orm';
import type { AlertSettings } from '@portal/contract';
import type { Database } from '../../db/client';
import { alertSettings } from '../../db/schema';

/** DESIGN §8: threshold 20 %, critical 10 %, e-mail on, no extra recipients. */
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

export async function saveAlertSettings(
  db: Database,
  accountId: string,
  settings: AlertSettings,
): Promise<AlertSettings> {
  await db
    .insert(alertSettings)
    .values({ accountId, ...settings })
    .onConflictDoUpdate({ target: alertSettings.accountId, set: settings });
  return settings;
}
