import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerRole, Language, RawRule, Role, SignInMethod } from '@portal/contract';
import { accounts } from './refill-schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Which seed steps already ran, so that seeding is idempotent across restarts and instances. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-cased (the contract lower-cases it), unique. */
  email: text('email').notNull().unique(),
  company: text('company'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  locale: text('locale', { enum: ['fr', 'en'] })
    .notNull()
    .default('fr'),
  /**
   * An override of the role's CASL rules, for trying a screen without an ability (the admin
   * command line, the dev helper); null (always, in normal use) means the role's rules.
   */
  rules: jsonb('rules').$type<RawRule[]>(),
  /** The customer account the user works for; null until attached (no business data then). */
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  /** Customer roles belong to the account above; staff roles (agent, manager) to the provider. */
  role: text('role').$type<Role>().notNull().default('viewer'),
  /** The sites a customer role is limited to; null means all the account's sites. */
  siteIds: jsonb('site_ids').$type<string[]>(),
  /**
   * Set while a sign-up from a verified domain waits for the account admin's approval: the user
   * belongs to the account but sees none of its data until then.
   */
  pendingApprovalSince: timestamp('pending_approval_since', { withTimezone: true }),
  /**
   * Staff only: notification mails gathered in one daily digest instead of one mail each; when
   * the last digest went out.
   */
  notificationDigest: boolean('notification_digest').notNull().default(false),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** A suspended user's sessions are ended and no new one opens until it is lifted. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  createdAt: createdAt(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /**
   * Staff only: when a link sign-in first asked them to add a passkey. Once the grace period
   * after it is over, a link alone no longer admits them.
   */
  passkeyAskedAt: timestamp('passkey_asked_at', { withTimezone: true }),
});

export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, base64url. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_links_user_idx').on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie value, base64url. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in, shown as the device in the list of sessions. */
    userAgent: text('user_agent'),
    /** How the person proved who they are when the session began: shown in the list of sessions. */
    signInMethod: text('sign_in_method').$type<SignInMethod>().notNull().default('link'),
    /** The identity provider's name for a single sign-on session, null otherwise. */
    signInProvider: text('sign_in_provider'),
    /**
     * When the person last proved who they are in this session (its start, or a later step-up):
     * sensitive actions ask for a recent one.
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * A person's passkey (a WebAuthn credential): its public key and the signature counter it last
 * showed, which must go up at every use when the authenticator keeps one.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid…). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The person's own name for it ("Work laptop"). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

/**
 * A WebAuthn challenge handed to a browser: spent by the one answer that uses it, before it
 * expires, from the browser that holds its cookie (and, to add a passkey or step up, in the
 * session that asked for it).
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** SHA-256 of the cookie that binds it to one browser, base64url. */
  cookieHash: text('cookie_hash').notNull().unique(),
  challenge: text('challenge').notNull(),
  purpose: text('purpose').$type<'register' | 'sign_in' | 'step_up'>().notNull(),
  sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * An invitation to join an account: a one-time link valid 7 days, in the invitee's language.
 * At most one pending invitation per account and address (partial unique index).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    siteIds: jsonb('site_ids').$type<string[]>(),
    locale: text('locale').$type<Language>().notNull(),
    /** SHA-256 of the link's token, base64url; replaced when the invitation is sent again. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: uuid('invited_by_user_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_pending_idx')
      .on(table.accountId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * The audit trail: who did what to whom, when, with the values before and after. Rows are never
 * updated; the labels are copied so a row still reads after its actor or target is deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The account the change belongs to; null for the provider's own (staff). */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_events_account_at_idx').on(table.accountId, table.at),
    index('audit_events_at_idx').on(table.at),
  ],
);

/**
 * A production sign-up nobody's verified domain claims: the user says who they are, staff
 * approve it into a new or an existing account, or reject it with a reason. At most one pending
 * request per user (partial unique index).
 */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    site: text('site').notNull(),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    /** The account it was approved into. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByLabel: text('decided_by_label'),
  },
  (table) => [
    uniqueIndex('registration_requests_pending_idx')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('registration_requests_created_idx').on(table.createdAt),
  ],
);

/** Transactional outbox: a mail row commits with the change that caused it; a worker sends it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /**
     * Lower is sent first (services/mail/outbox.ts): sign-in and invitation mails are never held up behind
     * a backlog of notifications. The worker claims by priority, then age.
     */
    priority: integer('priority').notNull().default(1),
    toAddress: text('to_address').notNull(),
    locale: text('locale', { enum: ['fr', 'en'] }).notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The sign-in link a dev mailbox shows; null for other mails. */
    link: text('link'),
    createdAt: createdAt(),
    /** When the worker may (re)try; also its lease while an attempt is in flight. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the mail is pointless (its link expired): it is given up, not sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    messageId: text('message_id'),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('mail_outbox_pending_priority_idx')
      .on(table.priority, table.createdAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/** One row per counted event (a sign-up, a mail); the limits count rows inside a time window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_bucket_idx').on(table.bucket, table.hitAt)],
);

/** The admins who get the drum-account statement by mail each month. */
export const drumStatementSubscriptions = pgTable('drum_statement_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The statements mailed, one row per user and month: a month's statement is mailed once. */
export const drumStatementMails = pgTable(
  'drum_statement_mails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

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
    /** The portal's page the browser goes back to once signed in (a path of this origin). */
    returnTo: text('return_to'),
  },
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);

/**
 * Who a person is at an identity provider: its issuer and the subject it names them by, linked
 * at their first single sign-on. Once linked, that pair finds them, whatever address the
 * provider gives later; an address alone never finds someone linked to another subject.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('sso_identities_user_idx').on(table.userId),
  ],
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

export * from './catalog-schema';
export * from './refill-schema';
export * from './spareparts-schema';
export * from './integration-schema';
export * from './workflow-schema';
export * from './drum-account-schema';
export * from './live-schema';
