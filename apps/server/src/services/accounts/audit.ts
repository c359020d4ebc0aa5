import { and, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { AuditEvent, auditActions } from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { auditEvents } from '../../db/schema';

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
      | 'webhook_endpoint';
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

/** The audit events within `scope`, by action and a part of a label, newest first, a page. */
async function queryAudit(
  db: Database,
  scope: SQL | undefined,
  filter: { action?: AuditAction; who?: string },
  { limit, offset }: { limit: number; offset: number },
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
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorLabel,
    action: row.action as AuditAction,
    target: row.targetLabel,
    before: row.before,
    after: row.after,
    accountId: row.accountId,
  }));
}
