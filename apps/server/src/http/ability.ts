import { createMongoAbility } from '@casl/ability';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { defaultRules } from '@portal/contract';
import { HttpError } from './http-error';

/**
 * preHandler for data routes: the same CASL rules the SPA uses for display are enforced here
 * (DESIGN §4). Runs after `requireSession`; 403 when the user lacks `action` on `subject`.
 */
export function requireAbility(action: string, subject: string): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = request.session?.user;
    if (!user) throw new HttpError(401, 'auth.unauthenticated');
    const ability = createMongoAbility(user.rules ?? defaultRules);
    if (ability.cannot(action, subject)) throw new HttpError(403, 'auth.forbidden');
  };
}
