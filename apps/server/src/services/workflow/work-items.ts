import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  workflowOf,
  type Assignee,
  type TimelineEvent,
  type Turn,
  type WorkflowSide,
  type WorkItemKind,
} from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { users, workItemEvents, workItems } from '../../db/schema';
import { notifyOtherSide, type NotifyDeps } from './notify';
import { responseDueAt } from './response-due';

export type Tx = Database | Transaction;

export { workflowOf };

export function turnOf(kind: WorkItemKind, status: string): Turn {
  const turns: Record<string, Turn> = workflowOf[kind].turn;
  return turns[status] ?? null;
}

/** Who made a change: a user on one side, or the system. */
export interface WorkActor {
  side: WorkflowSide;
  userId: string | null;
}

/**
 * Opens the inbox row of a customer's new item, in the transaction that creates it: the
 * provider's turn, the customer waiting from now, the answer due a working day later; the
 * creation on its timeline, and the provider's staff told.
 */
export async function openWorkItem(
  tx: Transaction,
  deps: NotifyDeps,
  item: {
    id: string;
    kind: WorkItemKind;
    reference: string;
    accountId: string;
    siteId: string | null;
    createdByUserId: string;
    status: string;
    now: Date;
  },
): Promise<void> {
  const { now } = item;
  await tx.insert(workItems).values({
    id: item.id,
    kind: item.kind,
    reference: item.reference,
    accountId: item.accountId,
    siteId: item.siteId,
    createdByUserId: item.createdByUserId,
    status: item.status,
    turn: turnOf(item.kind, item.status),
    waitingSince: now,
    dueAt: responseDueAt(now),
    // The customer has seen their own item: only the provider's later activity is unread.
    customerReadAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(workItemEvents).values({
    itemId: item.id,
    at: now,
    actorUserId: item.createdByUserId,
    actorSide: 'customer',
    action: 'create',
    fromStatus: null,
    toStatus: item.status,
  });
  await notifyOtherSide(tx, deps, {
    itemId: item.id,
    kind: item.kind,
    reference: item.reference,
    status: item.status,
    action: 'create',
    actorSide: 'customer',
    createdByUserId: item.createdByUserId,
    assigneeUserId: null,
    now,
  });
}

/**
 * A customer's message: unread for staff, and on an open item that the provider had answered,
 * the customer waits again from now (the answer due a working day later).
 */
export async function recordCustomerMessage(tx: Tx, itemId: string, now: Date): Promise<void> {
  await tx
    .update(workItems)
    .set({
      lastCustomerMessageAt: now,
      // A closed item waits for nothing: the message is read, not owed an answer.
      waitingSince: sql`case when ${workItems.turn} is null then null else coalesce(${workItems.waitingSince}, ${now.toISOString()}::timestamptz) end`,
      dueAt: sql`case when ${workItems.turn} is null then null else coalesce(${workItems.dueAt}, ${responseDueAt(now).toISOString()}::timestamptz) end`,
      updatedAt: now,
    })
    .where(eq(workItems.id, itemId));
}

/** A staff reply or change: the customer is answered (nothing waits) and has something unread. */
export async function recordProviderAnswer(tx: Tx, itemId: string, now: Date): Promise<void> {
  await tx
    .update(workItems)
    .set({ waitingSince: null, dueAt: null, lastProviderActivityAt: now, updatedAt: now })
    .where(eq(workItems.id, itemId));
}

export async function markReadBy(
  db: Database,
  side: 'customer' | 'staff',
  itemIds: string[],
  now: Date,
) {
  if (itemIds.length === 0) return;
  await db
    .update(workItems)
    .set(side === 'staff' ? { staffReadAt: now } : { customerReadAt: now })
    .where(inArray(workItems.id, itemIds));
}

export function personName(user: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || '';
}

export interface CustomerHandling {
  turn: Turn;
  handledBy: Assignee;
  unread: boolean;
  timeline: TimelineEvent[];
}

/**
 * What the customer sees of the handling of their items: whose turn, who handles it, whether
 * the provider did something they have not seen, and the timeline without its internal steps.
 */
export async function customerHandling(
  db: Database,
  itemIds: string[],
): Promise<Map<string, CustomerHandling>> {
  const result = new Map<string, CustomerHandling>();
  if (itemIds.length === 0) return result;
  const rows = await db
    .select({
      id: workItems.id,
      turn: workItems.turn,
      lastProviderActivityAt: workItems.lastProviderActivityAt,
      customerReadAt: workItems.customerReadAt,
      assigneeId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(workItems)
    .leftJoin(users, eq(users.id, workItems.assigneeUserId))
    .where(inArray(workItems.id, itemIds));
  const events = await timelineOf(db, itemIds, { includeInternal: false });
  for (const row of rows) {
    result.set(row.id, {
      turn: row.turn ?? null,
      handledBy: row.assigneeId ? { id: row.assigneeId, name: personName(row) } : null,
      unread:
        row.lastProviderActivityAt !== null &&
        (row.customerReadAt === null || row.lastProviderActivityAt > row.customerReadAt),
      timeline: (events.get(row.id) ?? []).map(({ internal: _internal, ...event }) => event),
    });
  }
  return result;
}

/** The items' timelines, oldest first; internal steps only when asked (staff). */
export async function timelineOf(
  db: Database,
  itemIds: string[],
  { includeInternal }: { includeInternal: boolean },
): Promise<Map<string, Array<TimelineEvent & { internal: boolean }>>> {
  const rows = await db
    .select({
      event: workItemEvents,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(workItemEvents)
    .leftJoin(users, eq(users.id, workItemEvents.actorUserId))
    .where(
      and(
        inArray(workItemEvents.itemId, itemIds),
        includeInternal ? undefined : eq(workItemEvents.internal, false),
      ),
    )
    .orderBy(asc(workItemEvents.at), asc(workItemEvents.seq));
  const timelines = new Map<string, Array<TimelineEvent & { internal: boolean }>>();
  for (const { event, ...author } of rows) {
    const list = timelines.get(event.itemId) ?? [];
    list.push({
      id: event.id,
      at: event.at.toISOString(),
      side: event.actorSide,
      actor: event.actorUserId ? personName(author) || null : null,
      action: event.action,
      from: event.fromStatus,
      to: event.toStatus,
      details: event.details ?? null,
      internal: event.internal,
    });
    timelines.set(event.itemId, list);
  }
  return timelines;
}

/** Open items still waiting on `ids`: used to tell which of them a staff member may claim. */
export const claimable = (userId: string) =>
  or(isNull(workItems.assigneeUserId), eq(workItems.assigneeUserId, userId));
