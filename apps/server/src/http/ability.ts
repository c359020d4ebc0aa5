import { createMongoAbility } from '@casl/ability';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { defaultRules } from '@portal/contract';
import { DomainError } from '../services/domain-error';

/**
 * preHandler for data routes: the same CASL rules the SPA uses for display are enforced here
 * too: the client's checks are only for display. Runs after `requireSession`; 403 when the user lacks `action` on `subject`.
 */
export function requireAbility(action: string, subject: string): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = request.session?.user;
    if (!user) throw new DomainError('auth.unauthenticated');
    const ability = createMongoAbility(user.rules ?? defaultRules);
    if (ability.cannot(action, subject)) throw new DomainError('auth.forbidden');
  };
}
