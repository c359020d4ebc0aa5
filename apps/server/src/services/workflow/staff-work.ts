import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Attachment, Note } from '@portal/contract';
import type { Database } from '../../db/client';
import { refillRequests, users, workItemEvents, workItemNotes, workItems } from '../../db/schema';
import {
  conversationOwnerOf,
  countMessages,
  postMessage,
  type ConversationOwner,
} from '../conversation/conversation';
import { DomainError } from '../domain-error';
import type { AttachmentStore } from '../refill/attachment-store';
import { storeAttachment, type AttachmentQuotas, type IncomingFile } from '../refill/attachments';
import { personName, recordProviderAnswer } from './work-items';

/**
 * A staff member takes an item. The update only matches an item nobody holds (or that they hold
 * already), so of two agents claiming at once exactly one wins; the other is told
 * `workflow.already_claimed`. Claiming one's own item again changes nothing.
 */
export async function claimItem(
  db: Database,
  args: { itemId: string; userId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(workItems)
      .set({ assigneeUserId: args.userId, updatedAt: args.now })
      .where(and(eq(workItems.id, args.itemId), isNull(workItems.assigneeUserId)))
      .returning({ id: workItems.id });
    if (claimed.length > 0) {
      await tx.insert(workItemEvents).values({
        itemId: args.itemId,
        at: args.now,
        actorUserId: args.userId,
        actorSide: 'staff',
        action: 'claim',
        details: { assigneeUserId: args.userId },
      });
      return;
    }
    const [item] = await tx
      .select({ assignee: workItems.assigneeUserId })
      .from(workItems)
      .where(eq(workItems.id, args.itemId));
    if (!item) throw new DomainError('request.not_found');
    if (item.assignee !== args.userId) throw new DomainError('workflow.already_claimed');
  });
}

/** Assigns an item to a staff member (null: nobody), written to its timeline. */
export async function assignItem(
  db: Database,
  args: { itemId: string; assigneeUserId: string | null; actorUserId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (args.assigneeUserId) {
      const [staff] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, args.assigneeUserId),
            inArray(users.role, ['agent', 'manager']),
            isNull(users.suspendedAt),
          ),
        );
      if (!staff) throw new DomainError('workflow.assignee_not_staff');
    }
    const [item] = await tx
      .select({ assignee: workItems.assigneeUserId })
      .from(workItems)
      .where(eq(workItems.id, args.itemId))
      .for('update');
    if (!item) throw new DomainError('request.not_found');
    if (item.assignee === args.assigneeUserId) return;
    await tx
      .update(workItems)
      .set({ assigneeUserId: args.assigneeUserId, updatedAt: args.now })
      .where(eq(workItems.id, args.itemId));
    await tx.insert(workItemEvents).values({
      itemId: args.itemId,
      at: args.now,
      actorUserId: args.actorUserId,
      actorSide: 'staff',
      action: args.assigneeUserId ? 'assign' : 'unassign',
      details: { assigneeUserId: args.assigneeUserId },
    });
  });
}

/** An internal note: the provider's own, never shown to the customer. */
export async function addNote(
  db: Database,
  args: { itemId: string; userId: string; body: string; now: Date },
): Promise<void> {
  const [item] = await db
    .select({ id: workItems.id })
    .from(workItems)
    .where(eq(workItems.id, args.itemId));
  if (!item) throw new DomainError('request.not_found');
  await db.insert(workItemNotes).values({
    itemId: args.itemId,
    authorUserId: args.userId,
    body: args.body,
    createdAt: args.now,
  });
}

export async function listNotes(db: Database, itemId: string): Promise<Note[]> {
  const rows = await db
    .select({
      note: workItemNotes,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(workItemNotes)
    .leftJoin(users, eq(users.id, workItemNotes.authorUserId))
    .where(eq(workItemNotes.itemId, itemId))
    .orderBy(asc(workItemNotes.createdAt), asc(workItemNotes.id));
  return rows.map(({ note, ...author }) => ({
    id: note.id,
    author: personName(author),
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  }));
}

/**
 * A staff reply in the customer's conversation, under customer service's name: the customer is
 * answered (nothing waits any more) and has a message unread.
 */
export async function postStaffReply(
  db: Database,
  args: {
    itemId: string;
    userId: string;
    body: string;
    now: Date;
    /**
     * How many messages the agent saw. If another came since, from the customer or a colleague,
     * the reply is refused with `workflow.newer_message` so they read it first. Undefined sends
     * the reply unchecked.
     */
    seenMessages?: number;
  },
): Promise<{ kind: ConversationOwner; messageId: string }> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ kind: workItems.kind, assignee: workItems.assigneeUserId })
      .from(workItems)
      .where(eq(workItems.id, args.itemId))
      .for('update');
    if (!item) throw new DomainError('request.not_found');
    const owner = conversationOwnerOf[item.kind];
    // The item's row is locked: a colleague's reply waits for this one, then sees it here.
    if (
      args.seenMessages !== undefined &&
      (await countMessages(tx, { kind: owner, id: args.itemId })) !== args.seenMessages
    ) {
      throw new DomainError('workflow.newer_message');
    }
    const messageId = await postMessage(
      tx,
      { kind: owner, id: args.itemId },
      { author: 'service' },
      args.body,
      args.now,
    );
    await recordProviderAnswer(tx, args.itemId, args.now);
    return { kind: owner, messageId };
  });
}

/**
 * Customer service attaches a file to a refill request (the items that carry files), within the
 * account's quotas: the customer sees it beside their own, marked as customer service's, and has
 * something new to read. Any other item answers `workflow.attachments_unavailable`.
 */
export async function attachStaffFile(
  db: Database,
  args: {
    itemId: string;
    files: AttachmentStore;
    quotas: AttachmentQuotas;
    file: IncomingFile;
    now: Date;
  },
): Promise<Attachment> {
  const [item] = await db
    .select({ kind: workItems.kind, accountId: refillRequests.accountId })
    .from(workItems)
    .leftJoin(refillRequests, eq(refillRequests.id, workItems.id))
    .where(eq(workItems.id, args.itemId));
  if (!item) throw new DomainError('request.not_found');
  if (item.kind !== 'refill_request' || !item.accountId) {
    throw new DomainError('workflow.attachments_unavailable');
  }
  const { accountId } = item;
  return db.transaction(async (tx) => {
    const attachment = await storeAttachment(tx, {
      ...args,
      accountId,
      requestId: args.itemId,
      author: 'service',
    });
    await recordProviderAnswer(tx, args.itemId, args.now);
    return attachment;
  });
}

/** A staff member's notification choice. */
export async function getStaffPreferences(
  db: Database,
  userId: string,
): Promise<{ notificationDigest: boolean }> {
  const [row] = await db
    .select({ notificationDigest: users.notificationDigest })
    .from(users)
    .where(eq(users.id, userId));
  return { notificationDigest: row?.notificationDigest ?? false };
}

export async function setStaffPreferences(
  db: Database,
  userId: string,
  preferences: { notificationDigest: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({ notificationDigest: preferences.notificationDigest })
    .where(eq(users.id, userId));
}
