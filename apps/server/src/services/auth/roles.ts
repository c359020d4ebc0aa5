import { rulesForRole, type RawRule } from '@portal/contract';
import type { UserRow } from './active-session';

/** The CASL rules a user acts under: their role's (within their sites), unless overridden. */
export function rulesOf(user: Pick<UserRow, 'role' | 'siteIds' | 'rules'>): RawRule[] {
  return user.rules ?? rulesForRole(user.role, user.siteIds);
}
