import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CustomerRole } from '@portal/contract';
import { accounts } from './refill-schema';
import { sessions, users } from './schema';

/**
 * A customer account's identity provider (OpenID Connect) for some of its verified e-mail
 * domains. One per account. The client secret never leaves the server: no answer and no audit
 * row carries it.
 */
export const accountSsoProviders = pgTable('account_sso_providers', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret'),
  /** Lower-cased, each one of the account's verified domains when it was set. */
  domains: jsonb('domains').$type<string[]>().notNull(),
  /** The role of a person created by their first sign-in. */
  defaultRole: text('default_role').$type<CustomerRole>().notNull().default('viewer'),
  /** Only people already in the account sign in; nobody is created by a first sign-in. */
  invitationOnly: boolean('invitation_only').notNull().default(false),
  /** No mailed sign-in link for these domains. */
  requireSso: boolean('require_sso').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A single sign-on under way: the browser went to the identity provider with `state`; its
 * PKCE verifier and nonce wait here until it comes back, once. Only the state's hash is kept.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    /** `staff`, or the id of the account whose identity provider it is. */
    providerKey: text('provider_key').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);

/**
 * What a single sign-on session needs to ask its identity provider, at each re-check, whether
 * the person still has access: their subject and the refresh token it gave (none: the session
 * ends at its first re-check).
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerKey: text('provider_key').notNull(),
    subject: text('subject').notNull(),
    refreshToken: text('refresh_token'),
    checkDueAt: timestamp('check_due_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_sessions_check_due_idx').on(table.checkDueAt)],
);
