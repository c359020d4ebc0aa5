import {
  aliasedTable,
  and,
  asc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  INBOX_WAITING_VIEW_DAYS,
  type InboxCounts,
  type InboxItem,
  type WorkItemKind,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, sites, users, workItems } from '../../db/schema';
import { personName } from './work-items';

export interface InboxFilter {
  kind?: WorkItemKind | undefined;
  /** A status, `open` (not closed) or `all`. */
  status: string;
  accountId?: string | undefined;
  siteId?: string | undefined;
  assignee: 'me' | 'unassigned' | 'any';
  minAgeDays?: number | undefined;
  overdue?: 'true' | 'false' | undefined;
}

const unreadByStaff = and(
  isNotNull(workItems.lastCustomerMessageAt),
  or(isNull(workItems.staffReadAt), gt(workItems.lastCustomerMessageAt, workItems.staffReadAt)),
);

const overdueAt = (now: Date) => lt(workItems.dueAt, now);

function conditions(
  filter: InboxFilter,
  userId: string,
  now: Date,
  { withStatus, withView = true }: { withStatus: boolean; withView?: boolean },
): Array<SQL | undefined> {
  const ageBound = filter.minAgeDays
    ? new Date(now.getTime() - filter.minAgeDays * 24 * 3600 * 1000)
    : undefined;
  return [
    filter.kind ? eq(workItems.kind, filter.kind) : undefined,
    !withStatus || filter.status === 'all'
      ? undefined
      : filter.status === 'open'
        ? isNotNull(workItems.turn)
        : eq(workItems.status, filter.status),
    filter.accountId ? eq(workItems.accountId, filter.accountId) : undefined,
    filter.siteId ? eq(workItems.siteId, filter.siteId) : undefined,
    !withView
      ? undefined
      : filter.assignee === 'me'
        ? eq(workItems.assigneeUserId, userId)
        : filter.assignee === 'unassigned'
          ? isNull(workItems.assigneeUserId)
          : undefined,
    withView && ageBound
      ? sql`coalesce(${workItems.waitingSince}, ${workItems.createdAt}) <= ${ageBound.toISOString()}::timestamptz`
      : undefined,
    !withView
      ? undefined
      : filter.overdue === 'true'
        ? overdueAt(now)
        : filter.overdue === 'false'
          ? or(
              isNull(workItems.dueAt),
              sql`${workItems.dueAt} >= ${now.toISOString()}::timestamptz`,
            )
          : undefined,
  ];
}

/**
 * The provider's inbox: refill requests, quotes and collections of every account in one list, oldest waiting
 * first (then the oldest created), with their marks, and the counts of the filters. Reads the
 * inbox table alone, so the order and each filter are served by its indexes.
 */
export async function listInbox(
  db: Database,
  filter: InboxFilter,
  userId: string,
  now: Date,
  { limit, offset }: { limit: number; offset: number },
  /** Only this item (the item page reads its row here). */
  onlyId?: string,
): Promise<{ rows: InboxItem[]; counts: InboxCounts }> {
  const assignee = aliasedTable(users, 'assignee');
  const where = and(
    ...conditions(filter, userId, now, { withStatus: true }),
    onlyId ? eq(workItems.id, onlyId) : undefined,
  );
  const rowsQuery = db
    .select({
      item: workItems,
      accountName: accounts.name,
      siteName: sites.name,
      assigneeFirst: assignee.firstName,
      assigneeLast: assignee.lastName,
      assigneeEmail: assignee.email,
    })
    .from(workItems)
    .innerJoin(accounts, eq(accounts.id, workItems.accountId))
    .leftJoin(sites, eq(sites.id, workItems.siteId))
    .leftJoin(assignee, eq(assignee.id, workItems.assigneeUserId))
    .where(where)
    .orderBy(
      sql`${workItems.waitingSince} asc nulls last`,
      asc(workItems.createdAt),
      asc(workItems.id),
    )
    .limit(limit)
    .offset(offset);

  const nowIso = now.toISOString();
  if (onlyId) {
    const mapped = (await rowsQuery).map(({ item, ...row }) => toInboxItem(item, row, now));
    return {
      rows: mapped,
      counts: {
        total: mapped.length,
        mine: 0,
        unassigned: 0,
        overdue: 0,
        unread: 0,
        nextDueAt: null,
        byStatus: {},
        views: { all: mapped.length, mine: 0, unassigned: 0, overdue: 0, waiting: 0 },
      },
    };
  }
  const waitingBound = new Date(
    now.getTime() - INBOX_WAITING_VIEW_DAYS * 24 * 3600 * 1000,
  ).toISOString();
  // The page and its counts are four independent reads: on a pool they run side by side.
  const [rows, [totals], byStatusRows, [views]] = await Promise.all([
    rowsQuery,
    db
      .select({
        total: sql<number>`count(*)::int`,
        mine: sql<number>`count(*) filter (where ${workItems.assigneeUserId} = ${userId})::int`,
        unassigned: sql<number>`count(*) filter (where ${workItems.assigneeUserId} is null)::int`,
        overdue: sql<number>`count(*) filter (where ${workItems.dueAt} < ${nowIso}::timestamptz)::int`,
        unread: sql<number>`count(*) filter (where ${unreadByStaff})::int`,
        nextDueAt: sql<
          Date | string | null
        >`min(${workItems.dueAt}) filter (where ${workItems.dueAt} >= ${nowIso}::timestamptz)`,
      })
      .from(workItems)
      .where(where),
    db
      .select({ status: workItems.status, count: sql<number>`count(*)::int` })
      .from(workItems)
      .where(and(...conditions(filter, userId, now, { withStatus: false })))
      .groupBy(workItems.status),
    // The saved views count the items of the other filters (kind, status, account, site), so
    // each view shows what choosing it would list.
    db
      .select({
        all: sql<number>`count(*)::int`,
        mine: sql<number>`count(*) filter (where ${workItems.assigneeUserId} = ${userId})::int`,
        unassigned: sql<number>`count(*) filter (where ${workItems.assigneeUserId} is null)::int`,
        overdue: sql<number>`count(*) filter (where ${workItems.dueAt} < ${nowIso}::timestamptz)::int`,
        waiting: sql<number>`count(*) filter (where coalesce(${workItems.waitingSince}, ${workItems.createdAt}) <= ${waitingBound}::timestamptz)::int`,
      })
      .from(workItems)
      .where(and(...conditions(filter, userId, now, { withStatus: true, withView: false }))),
  ]);
  const mapped = rows.map(({ item, ...row }) => toInboxItem(item, row, now));

  return {
    rows: mapped,
    counts: {
      total: totals?.total ?? 0,
      mine: totals?.mine ?? 0,
      unassigned: totals?.unassigned ?? 0,
      overdue: totals?.overdue ?? 0,
      unread: totals?.unread ?? 0,
      nextDueAt: totals?.nextDueAt ? new Date(totals.nextDueAt).toISOString() : null,
      byStatus: Object.fromEntries(byStatusRows.map((row) => [row.status, row.count])),
      views: {
        all: views?.all ?? 0,
        mine: views?.mine ?? 0,
        unassigned: views?.unassigned ?? 0,
        overdue: views?.overdue ?? 0,
        waiting: views?.waiting ?? 0,
      },
    },
  };
}

function toInboxItem(
  item: typeof workItems.$inferSelect,
  row: {
    accountName: string;
    siteName: string | null;
    assigneeFirst: string | null;
    assigneeLast: string | null;
    assigneeEmail: string | null;
  },
  now: Date,
): InboxItem {
  return {
    id: item.id,
    kind: item.kind,
    reference: item.reference,
    status: item.status,
    turn: item.turn ?? null,
    account: { id: item.accountId, name: row.accountName },
    site: item.siteId && row.siteName ? { id: item.siteId, name: row.siteName } : null,
    assignee: item.assigneeUserId
      ? {
          id: item.assigneeUserId,
          name: personName({
            firstName: row.assigneeFirst,
            lastName: row.assigneeLast,
            email: row.assigneeEmail,
          }),
        }
      : null,
    createdAt: item.createdAt.toISOString(),
    waitingSince: item.waitingSince?.toISOString() ?? null,
    dueAt: item.dueAt?.toISOString() ?? null,
    overdue: item.dueAt !== null && item.dueAt < now,
    unread:
      item.lastCustomerMessageAt !== null &&
      (item.staffReadAt === null || item.lastCustomerMessageAt > item.staffReadAt),
  };
}
