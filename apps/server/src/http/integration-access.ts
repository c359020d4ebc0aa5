import type { preHandlerAsyncHookHandler } from 'fastify';
import { requireAbility } from './ability';

/**
 * The one rule of who manages an account's machine integration (API keys, device mapping): every
 * such route asks this, after `requireSession`. The account's admins hold it.
 */
export function requireIntegrationAdmin(): preHandlerAsyncHookHandler {
  return requireAbility('manage', 'integration');
}
