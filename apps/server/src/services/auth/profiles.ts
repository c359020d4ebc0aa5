import { eq } from 'drizzle-orm';
import { sideOf, type Profile, type UpdateProfileRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './active-session';
import { rulesOf } from './roles';

/** What GET /users/me shows: the user's fields, role, and the CASL rules computed from it. */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    company: user.company,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    locale: user.locale,
    role: user.role,
    side: sideOf(user.role),
    siteIds: user.siteIds ?? null,
    rules: rulesOf(user),
    standing:
      sideOf(user.role) === 'staff' || (user.accountId && !user.pendingApprovalSince)
        ? 'member'
        : user.accountId
          ? 'awaiting_approval'
          : 'unattached',
  };
}

export async function updateProfile(
  db: Database,
  userId: string,
  changes: z.output<typeof UpdateProfileRequestSchema>,
): Promise<UserRow> {
  const values = {
    ...(changes.firstName !== undefined && { firstName: changes.firstName }),
    ...(changes.lastName !== undefined && { lastName: changes.lastName }),
    ...(changes.phone !== undefined && { phone: changes.phone || null }),
    ...(changes.locale !== undefined && { locale: changes.locale }),
  };
  const [user] =
    Object.keys(values).length === 0
      ? await db.select().from(users).where(eq(users.id, userId))
      : await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}
