import { rulesForRole, sideOf, type ApiKeyScope, type Role } from '@portal/contract';
import { users } from '../../db/schema';
import type { SiteScope } from '../site-scope';

/** The person who made a key or a webhook endpoint, as they are now (null: no such user any more). */
export interface CredentialMaker {
  accountId: string | null;
  role: Role;
  siteIds: string[] | null;
  suspendedAt: Date | null;
  pendingApprovalSince: Date | null;
}

/**
 * The maker's columns, to select (flat) beside a key's or an endpoint's, left-joined on `users`
 * by its `createdByUserId`; `makerOf` reads them back.
 */
export const makerColumns = {
  makerId: users.id,
  makerAccountId: users.accountId,
  makerRole: users.role,
  makerSiteIds: users.siteIds,
  makerSuspendedAt: users.suspendedAt,
  makerPendingApprovalSince: users.pendingApprovalSince,
};

type MakerRow = { [K in keyof typeof makerColumns]: (typeof makerColumns)[K]['_']['data'] | null };

/** The maker a row selected with `makerColumns` names; null when no such user is left. */
export function makerOf(row: MakerRow): CredentialMaker | null {
  if (!row.makerId || !row.makerRole) return null;
  return {
    accountId: row.makerAccountId,
    role: row.makerRole,
    siteIds: row.makerSiteIds,
    suspendedAt: row.makerSuspendedAt,
    pendingApprovalSince: row.makerPendingApprovalSince,
  };
}

/**
 * What a key or a webhook endpoint of `accountId` may see: never more than the person who made
 * it may see now. Made from the command line (no maker): the whole account. Made by staff who
 * are still staff: the whole account. Made by a customer: that person's sites while they are a
 * member of the account in good standing; nothing once they were removed, erased, suspended or
 * are awaiting approval (`none`).
 */
export function makerSiteScope(
  createdByUserId: string | null,
  maker: CredentialMaker | null,
  accountId: string,
): SiteScope | 'none' {
  if (createdByUserId === null) return null;
  if (!maker || maker.suspendedAt) return 'none';
  if (sideOf(maker.role) === 'staff') return null;
  if (maker.accountId !== accountId || maker.pendingApprovalSince) return 'none';
  return maker.siteIds;
}

/** The ability each key scope needs of its maker's role. */
const abilityOfScope: Record<ApiKeyScope, { action: string; subject: string }> = {
  'drums:read': { action: 'get', subject: 'refill' },
  'readings:write': { action: 'order', subject: 'refill' },
};

const listed = (value: string | string[], wanted: string) =>
  Array.isArray(value) ? value.includes(wanted) : value === wanted;

/**
 * The scopes of a key that its maker's role still holds: a key made by someone later demoted to
 * a viewer reads drums but no longer records readings. Command-line and staff keys keep theirs.
 */
export function scopesHeldByMaker(
  scopes: readonly ApiKeyScope[],
  createdByUserId: string | null,
  maker: CredentialMaker | null,
): ApiKeyScope[] {
  if (createdByUserId === null || (maker && sideOf(maker.role) === 'staff')) return [...scopes];
  if (!maker) return [];
  const rules = rulesForRole(maker.role);
  return scopes.filter((scope) => {
    const { action, subject } = abilityOfScope[scope];
    return rules.some(
      (rule) => !rule.inverted && listed(rule.subject, subject) && listed(rule.action, action),
    );
  });
}
