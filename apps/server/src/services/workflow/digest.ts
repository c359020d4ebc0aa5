import { and, asc, eq, gt, inArray, isNull, or, lt } from 'drizzle-orm';
import { linkedPages } from '@portal/contract';
import type { Database } from '../../db/client';
import { notifications, users, workItems } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';
import { renderDigestMail } from '../mail/templates/work-item-update';
import { localToday } from '../refill/delivery-date';
import type { NotifyDeps } from './notify';
import { PROVIDER_TIME_ZONE, instantOf } from './response-due';

/** The digest goes out once a day from this hour, Paris time. */
export const DIGEST_HOUR = 8;

/**
 * The daily digest of staff who chose it: from 8:00 Paris time, once a day, one mail listing
 * what changed for them since the last digest (only what is still unread). A staff member with
 * nothing new gets no mail. Returns how many digests were queued.
 */
export async function sendStaffDigests(db: Database, deps: NotifyDeps, now: Date): Promise<number> {
  const sendFrom = instantOf(
    localToday(now, PROVIDER_TIME_ZONE),
    DIGEST_HOUR * 3600 * 1000,
    PROVIDER_TIME_ZONE,
  );
  if (now < sendFrom) return 0;
  const due = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      lastDigestAt: users.lastDigestAt,
    })
    .from(users)
    .where(
      and(
        eq(users.notificationDigest, true),
        inArray(users.role, ['agent', 'manager']),
        isNull(users.suspendedAt),
        or(isNull(users.lastDigestAt), lt(users.lastDigestAt, sendFrom)),
      ),
    );
  let sent = 0;
  for (const staff of due) {
    await db.transaction(async (tx) => {
      // Claimed first: two sweeps at once send one digest.
      const claimed = await tx
        .update(users)
        .set({ lastDigestAt: now })
        .where(
          and(
            eq(users.id, staff.id),
            staff.lastDigestAt
              ? eq(users.lastDigestAt, staff.lastDigestAt)
              : isNull(users.lastDigestAt),
          ),
        )
        .returning({ id: users.id });
      if (claimed.length === 0) return;
      const entries = await tx
        .select({
          reference: workItems.reference,
          kind: workItems.kind,
          action: notifications.action,
          itemId: workItems.id,
        })
        .from(notifications)
        .innerJoin(workItems, eq(workItems.id, notifications.itemId))
        .where(
          and(
            eq(notifications.userId, staff.id),
            isNull(notifications.readAt),
            staff.lastDigestAt ? gt(notifications.createdAt, staff.lastDigestAt) : undefined,
          ),
        )
        .orderBy(asc(notifications.createdAt))
        .limit(200);
      if (entries.length === 0) return;
      const mail = renderDigestMail(deps.translations, staff.locale, {
        entries,
        link: new URL(linkedPages.backofficeInbox, deps.publicUrl).toString(),
      });
      await enqueueMail(tx, {
        ...mail,
        kind: 'work_item_update',
        to: staff.email,
        locale: staff.locale,
        expiresAt: new Date(now.getTime() + 24 * 3600 * 1000),
        now,
      });
      sent += 1;
    });
  }
  return sent;
}
