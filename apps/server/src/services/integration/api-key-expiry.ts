import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { linkedPages } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import { recordAudit } from '../accounts/audit';
import { enqueueMail } from '../mail/outbox';
import { renderApiKeyExpiringMail } from '../mail/templates/api-key-expiring';
import type { Translations } from '../translations';

const DAY_MS = 24 * 3600 * 1000;
/** The label of the portal itself in the audit trail, for what no person did. */
const PORTAL_ACTOR = { userId: null, label: 'portal' };

export interface ApiKeyExpiryDeps {
  settings: Settings;
  translations: Translations;
}

/**
 * The calendar's part of the keys' lifetime: warns, once per key, its maker and the account's
 * admins `expiryWarningDays` before the key expires (not a key already rotated: its successor
 * replaces it), and writes each expiry to the account's audit trail, once. Each is claimed by a
 * conditional update in the transaction that queues its mails or writes its row, so instances
 * sweeping at once do it once. Revoked keys are left alone. Returns the number of mails queued.
 */
export async function sweepApiKeyExpiry(
  db: Database,
  deps: ApiKeyExpiryDeps,
  now: Date,
): Promise<number> {
  const policy = deps.settings.apiKeys;
  const warnFrom = new Date(now.getTime() + policy.expiryWarningDays * DAY_MS);
  const expiring = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(
        isNull(apiKeys.revokedAt),
        isNull(apiKeys.rotatedAt),
        isNull(apiKeys.expiryWarnedAt),
        gt(apiKeys.expiresAt, now),
        lte(apiKeys.expiresAt, warnFrom),
      ),
    );
  let mails = 0;
  for (const { id } of expiring) {
    mails += await db.transaction(async (tx) => {
      const [key] = await tx
        .update(apiKeys)
        .set({ expiryWarnedAt: now })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.expiryWarnedAt)))
        .returning();
      if (!key?.expiresAt) return 0;
      const readers = await tx
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(
          and(
            isNull(users.suspendedAt),
            isNull(users.pendingApprovalSince),
            or(
              and(eq(users.accountId, key.accountId), eq(users.role, 'admin')),
              key.createdByUserId ? eq(users.id, key.createdByUserId) : undefined,
            ),
          ),
        );
      const portalUrl = new URL(linkedPages.integration, deps.settings.publicUrl).toString();
      for (const reader of readers) {
        const mail = renderApiKeyExpiringMail(deps.translations, reader.locale, {
          key: `${key.name} (${key.prefix}…)`,
          expiresAt: key.expiresAt,
          overlapHours: policy.rotationOverlapHours,
          portalUrl,
        });
        await enqueueMail(tx, {
          ...mail,
          kind: 'api_key_expiring',
          to: reader.email,
          locale: reader.locale,
          expiresAt: key.expiresAt,
          now,
        });
      }
      return readers.length;
    });
  }
  await recordExpiries(db, now);
  return mails;
}

/** Writes each key that has expired since the last sweep to its account's audit trail. */
async function recordExpiries(db: Database, now: Date): Promise<void> {
  const expired = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(
      and(
        isNull(apiKeys.revokedAt),
        isNull(apiKeys.expiryRecordedAt),
        isNotNull(apiKeys.expiresAt),
        lte(apiKeys.expiresAt, now),
      ),
    );
  if (!expired.length) return;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(apiKeys)
      .set({ expiryRecordedAt: now })
      .where(
        and(
          inArray(
            apiKeys.id,
            expired.map((row) => row.id),
          ),
          isNull(apiKeys.expiryRecordedAt),
        ),
      )
      .returning();
    for (const key of claimed) {
      await recordAudit(tx, {
        accountId: key.accountId,
        actor: PORTAL_ACTOR,
        action: 'integration.api_key_expired',
        target: { type: 'api_key', id: key.id, label: `${key.name} (${key.prefix}…)` },
        after: { expiresAt: key.expiresAt?.toISOString() ?? null },
        at: key.expiresAt ?? now,
      });
    }
  });
}
