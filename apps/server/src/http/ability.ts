import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { sideOf, staffSubjects } from '@portal/contract';
import type { UserRow } from '../services/auth/active-session';
import { rulesOf } from '../services/auth/roles';
import { DomainError } from '../services/domain-error';

export function abilityOf(
  user: Pick<UserRow, 'role' | 'siteIds' | 'rules'> & { pendingApprovalSince?: Date | null },
): MongoAbility {
  return createMongoAbility(rulesOf(user));
}

const isStaffSubject = (subject: string) => (staffSubjects as readonly string[]).includes(subject);

/**
 * preHandler of every data route, after `requireSession`: the rules the SPA shows actions by are
 * enforced here too (the client's checks are only for display). 403 when the user lacks
 * `action` on `subject`; a staff subject is refused to a customer whatever their rules say, so
 * staff and customer routes may share services but never permissions.
 */
export function requireAbility(action: string, subject: string): preHandlerAsyncHookHandler {
  const check: preHandlerAsyncHookHandler = async (request) => {
    const user = request.session?.user;
    if (!user) throw new DomainError('auth.unauthenticated');
    if (isStaffSubject(subject) && sideOf(user.role) !== 'staff') {
      throw new DomainError('auth.forbidden');
    }
    if (abilityOf(user).cannot(action, subject)) throw new DomainError('auth.forbidden');
  };
  return Object.assign(check, { [requiredAbility]: [action, subject] as const });
}

/** Where a requireAbility check keeps the ability it asks for, so a route's can be read. */
const requiredAbility = Symbol('required ability');

/**
 * The abilities a route's preHandlers require (every one must hold), read from its
 * requireAbility checks: what the route map and the browser tests' role matrix know of a route.
 */
export function abilitiesRequiredBy(preHandler: unknown): (readonly [string, string])[] {
  return [preHandler]
    .flat()
    .flatMap((handler) =>
      typeof handler === 'function' && requiredAbility in handler
        ? [(handler as { [requiredAbility]: readonly [string, string] })[requiredAbility]]
        : [],
    );
}

/**
 * The sites a customer user's reads and writes are limited to: null for all the account's
 * sites. An overriding rule set (a dev or admin tool) keeps the role's site limit.
 */
export function siteScopeOf(user: Pick<UserRow, 'siteIds'>): readonly string[] | null {
  return user.siteIds ?? null;
}
