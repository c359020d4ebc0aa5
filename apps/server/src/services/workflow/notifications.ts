import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppNotification } from '@portal/contract';
import type { Database } from '../../db/client';
import { drums, notifications, workItems } from '../../db/schema';

/**
 * The user's notifications, newest first, with what they are about: a work item and its state
 * now, or a drum (its serial as the reference).
 */
export async function listNotifications(
  db: Database,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: AppNotification[]; unreadCount: number }> {
  const rows = await db
    .select({
      notification: notifications,
      item: workItems,
      drum: { id: drums.id, serial: drums.serial },
    })
    .from(notifications)
    .leftJoin(workItems, eq(workItems.id, notifications.itemId))
    .leftJoin(drums, eq(drums.id, notifications.drumId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const [unread] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    rows: rows.flatMap(({ notification, item, drum }): AppNotification[] => {
      const common = {
        id: notification.id,
        action: notification.action,
        createdAt: notification.createdAt.toISOString(),
        read: notification.readAt !== null,
      };
      if (item) {
        return [
          {
            ...common,
            itemId: item.id,
            kind: item.kind,
            reference: item.reference,
            status: item.status,
          },
        ];
      }
      if (drum)
        return [{ ...common, itemId: drum.id, kind: 'drum', reference: drum.serial, status: '' }];
      return [];
    }),
    unreadCount: unread?.count ?? 0,
  };
}

/** Marks the user's notifications read: these, or all of them. Another user's are untouched. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  ids: string[] | undefined,
  now: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids
          ? inArray(notifications.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])
          : undefined,
      ),
    );
}
