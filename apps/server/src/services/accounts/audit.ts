import { and, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AuditEvent, auditActions } from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { accounts, auditEvents, sites, users } from '../../db/schema';

export type AuditAction = (typeof auditActions)[number];

/** Who made a change: a signed-in user, or the command line. */
export interface Actor {
  userId: string | null;
  label: string;
}

export interface AuditEntry {
  accountId: string | null;
  actor: Actor;
  action: AuditAction;
  target: {
    type:
      | 'user'
      | 'invitation'
      | 'account'
      | 'site'
      | 'drum'
      | 'equipment'
      | 'registration'
      | 'api_key'
      | 'webhook_endpoint'
      | 'passkey';
    id: string | null;
    label: string | null;
  };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/**
 * Writes one row of the audit trail, in the transaction of the change it records: the change
 * and its trace commit together, or neither does.
 */
export async function recordAudit(tx: Database | Transaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    at: entry.at,
    accountId: entry.accountId,
    actorUserId: entry.actor.userId,
    actorLabel: entry.actor.label,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The audit trail of one account (null: the provider's own), newest first, filtered by action
 * and by a part of the actor's or the target's label.
 */
export async function listAudit(
  db: Database,
  accountId: string | null,
  filter: { action?: AuditAction; who?: string },
  { limit, offset }: { limit: number; offset: number },
): Promise<AuditEvent[]> {
  const rows = await queryAudit(
    db,
    accountId ? eq(auditEvents.accountId, accountId) : isNull(auditEvents.accountId),
    filter,
    { limit, offset },
    accountId,
  );
  return rows.map(({ accountId: _account, ...event }) => event);
}

/**
 * Every audit trail, for staff: all accounts and the provider's own, newest first, optionally
 * narrowed to one account, an action and a part of the actor's or the target's label. Each row
 * names its account.
 */
export async function listAllAudit(
  db: Database,
  filter: { accountId?: string; action?: AuditAction; who?: string },
  { limit, offset }: { limit: number; offset: number },
): Promise<Array<AuditEvent & { accountId: string | null }>> {
  return queryAudit(
    db,
    filter.accountId ? eq(auditEvents.accountId, filter.accountId) : undefined,
    filter,
    { limit, offset },
  );
}

/**
 * The audit events within `scope`, by action and a part of a label, newest first, a page. Read
 * as one account's trail (`trailAccountId`), sites and accounts are named only when they are
 * that account's.
 */
async function queryAudit(
  db: Database,
  scope: SQL | undefined,
  filter: { action?: AuditAction; who?: string },
  { limit, offset }: { limit: number; offset: number },
  trailAccountId: string | null = null,
): Promise<Array<AuditEvent & { accountId: string | null }>> {
  const pattern = filter.who ? `%${escapeLike(filter.who)}%` : undefined;
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        scope,
        filter.action ? eq(auditEvents.action, filter.action) : undefined,
        pattern
          ? or(ilike(auditEvents.actorLabel, pattern), ilike(auditEvents.targetLabel, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
  const names = await namesIn(db, rows, trailAccountId);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorLabel,
    action: row.action as AuditAction,
    target: row.targetLabel,
    before: row.before,
    after: row.after,
    actorName: (row.actorUserId && names.people.get(row.actorUserId)) || null,
    targetName:
      (row.targetType === 'user' && row.targetId && names.people.get(row.targetId)) || null,
    names: Object.fromEntries(
      referencedIds(row).flatMap((id) => {
        const name = names.places.get(id);
        return name ? [[id, name]] : [];
      }),
    ),
    accountId: row.accountId,
  }));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The site and account ids a row's values hold (`siteIds`, `siteId`, `accountId`). */
function referencedIds(row: typeof auditEvents.$inferSelect): string[] {
  return [row.before, row.after].flatMap((values) => {
    if (!values) return [];
    const ids = [
      ...(Array.isArray(values.siteIds) ? values.siteIds : []),
      values.siteId,
      values.accountId,
    ];
    return ids.filter((id): id is string => typeof id === 'string' && uuidPattern.test(id));
  });
}

/**
 * The names a page of rows refers to, read now: sites and accounts by id (only `accountId`'s
 * when given: a row may hold another account's id, as where a member came from), and the people
 * who acted or were acted on by their full name (those who gave none, or are gone, keep the
 * label).
 */
async function namesIn(
  db: Database,
  rows: Array<typeof auditEvents.$inferSelect>,
  accountId: string | null,
) {
  const placeIds = [...new Set(rows.flatMap(referencedIds))];
  const personIds = [
    ...new Set(
      rows.flatMap((row) => [
        row.actorUserId,
        row.targetType === 'user' && row.targetId && uuidPattern.test(row.targetId)
          ? row.targetId
          : null,
      ]),
    ),
  ].filter((id): id is string => id !== null);
  const [siteRows, accountRows, userRows] = await Promise.all([
    placeIds.length
      ? db
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(
            and(
              inArray(sites.id, placeIds),
              accountId ? eq(sites.accountId, accountId) : undefined,
            ),
          )
      : [],
    placeIds.length
      ? db
          .select({ id: accounts.id, name: accounts.name })
          .from(accounts)
          .where(
            and(inArray(accounts.id, placeIds), accountId ? eq(accounts.id, accountId) : undefined),
          )
      : [],
    personIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, personIds))
      : [],
  ]);
  return {
    places: new Map([...siteRows, ...accountRows].map((row) => [row.id, row.name])),
    people: new Map(
      userRows.flatMap((row) => {
        const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
        return name ? [[row.id, name] as const] : [];
      }),
    ),
  };
}
