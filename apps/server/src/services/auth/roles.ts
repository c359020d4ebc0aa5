import { rulesForRole, type RawRule } from '@portal/contract';
import type { UserRow } from './active-session';

/**
 * The CASL rules a user acts under: their role's (within their sites), unless overridden. A
 * user who joined an account by its verified e-mail domain holds none until its admin approves:
 * they belong to it but see nothing of it.
 */
export function rulesOf(
  user: Pick<UserRow, 'role' | 'siteIds' | 'rules'> & {
    pendingApprovalSince?: Date | null;
  },
): RawRule[] {
  if (user.pendingApprovalSince) return [];
  return user.rules ?? rulesForRole(user.role, user.siteIds);
}
