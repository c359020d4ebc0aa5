import { and, eq, gt, ne } from 'drizzle-orm';
import type { Presence } from '@portal/contract';
import type { Database } from '../../db/client';
import { livePresence, users, workItems } from '../../db/schema';
import { DomainError } from '../domain-error';
import { personName } from '../workflow/work-items';

/**
 * A staff member counts as on an item's page this long after their page last said so; the page
 * says so again well within it (every 10 s), so one who closed it is gone within this.
 */
export const PRESENCE_TTL_MS = 30_000;

/**
 * Says that `userId` is on the item's page (typing a reply or not) until the time-to-live
 * passes, and answers who else is there. The rows live in the database, so every instance sees
 * the same people; a row past its time counts for nothing and is swept later.
 */
export async function notePresence(
  db: Database,
  args: { itemId: string; userId: string; isTyping: boolean; now: Date },
): Promise<Presence> {
  const [item] = await db
    .select({ id: workItems.id })
    .from(workItems)
    .where(eq(workItems.id, args.itemId));
  if (!item) throw new DomainError('request.not_found');
  const expiresAt = new Date(args.now.getTime() + PRESENCE_TTL_MS);
  await db
    .insert(livePresence)
    .values({ itemId: args.itemId, userId: args.userId, isTyping: args.isTyping, expiresAt })
    .onConflictDoUpdate({
      target: [livePresence.itemId, livePresence.userId],
      set: { isTyping: args.isTyping, expiresAt, updatedAt: args.now },
    });
  return presenceOn(db, args);
}

/** The asker leaves the item's page. */
export async function leavePresence(
  db: Database,
  args: { itemId: string; userId: string },
): Promise<void> {
  await db
    .delete(livePresence)
    .where(and(eq(livePresence.itemId, args.itemId), eq(livePresence.userId, args.userId)));
}

/** The other staff members on the item's page, by name, whose time has not passed. */
export async function presenceOn(
  db: Database,
  args: { itemId: string; userId: string; now: Date },
): Promise<Presence> {
  const rows = await db
    .select({
      userId: livePresence.userId,
      isTyping: livePresence.isTyping,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(livePresence)
    .innerJoin(users, eq(users.id, livePresence.userId))
    .where(
      and(
        eq(livePresence.itemId, args.itemId),
        ne(livePresence.userId, args.userId),
        gt(livePresence.expiresAt, args.now),
      ),
    )
    .orderBy(livePresence.updatedAt);
  return {
    others: rows.map(({ userId, isTyping, ...name }) => ({
      userId,
      isTyping,
      name: personName(name),
    })),
  };
}
