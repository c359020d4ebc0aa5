import type { preHandlerAsyncHookHandler } from 'fastify';
import { requireAbility } from './ability';

/**
 * The one rule of who manages an account's machine integration (API keys, device mapping): every
 * such route asks this, after `requireSession`. For now, a customer user with access to the
 * account's drums.
 */
export function requireIntegrationAdmin(): preHandlerAsyncHookHandler {
  return requireAbility('get', 'refill');
}
