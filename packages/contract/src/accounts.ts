import { z } from 'zod';
import { LanguageSchema, SignInMethodSchema } from './users';
import { customerRoles, staffRoles } from './roles';
import { NextOffsetSchema, pageQuery } from './paging';
import { EMAIL_MAX_LENGTH, emailPattern } from './sign-up-rules';
import { freeText } from './text';

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: emailPattern }).max(EMAIL_MAX_LENGTH));

export const CustomerRoleSchema = z.enum(customerRoles);
export const StaffRoleSchema = z.enum(staffRoles);

/** A site limit: some of the account's sites (at least one), or null for all of them. */
const SiteLimitSchema = z.array(z.uuid()).min(1).max(100).nullable();

export const IdParamsSchema = z.object({ id: z.uuid() });

/** A colleague as the team page lists them. */
export const TeamMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: CustomerRoleSchema,
  siteIds: z.array(z.uuid()).nullable(),
  suspended: z.boolean(),
  /** Joined by the account's verified e-mail domain; sees nothing until an admin approves. */
  pendingApproval: z.boolean().optional(),
  lastSignInAt: z.string().nullable(),
  /** The signed-in user themselves. */
  isMe: z.boolean(),
  /**
   * Whether the signed-in admin may change or remove them: nobody acts on someone who sees more
   * sites than they do.
   */
  canManage: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const InvitationStatusSchema = z.enum(['pending', 'expired']);

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: CustomerRoleSchema,
  siteIds: z.array(z.uuid()).nullable(),
  locale: LanguageSchema,
  status: InvitationStatusSchema,
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const TeamSiteSchema = z.object({ id: z.uuid(), name: z.string(), city: z.string() });

export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  nextOffset: NextOffsetSchema,
  /** Invitations not accepted nor revoked, newest first. */
  invitations: z.array(InvitationSchema),
  /** The account's sites, to limit a role to some of them. */
  sites: z.array(TeamSiteSchema),
  /**
   * The sites the signed-in admin may give others: their own, since nobody grants more than they
   * hold; null when they see every site (and may give every site).
   */
  grantableSiteIds: z.array(z.uuid()).nullable(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamQuerySchema = pageQuery(100);

export const InviteRequestSchema = z
  .object({
    email: emailSchema,
    role: CustomerRoleSchema,
    siteIds: SiteLimitSchema.optional().transform((value) => value ?? null),
    /** The language of the invitation mail and of the invitee's account. */
    locale: LanguageSchema,
  })
  .strict();
export type InviteRequest = z.input<typeof InviteRequestSchema>;

export const ChangeMemberRequestSchema = z
  .object({
    role: CustomerRoleSchema,
    siteIds: SiteLimitSchema.optional().transform((value) => value ?? null),
  })
  .strict();
export type ChangeMemberRequest = z.input<typeof ChangeMemberRequestSchema>;

/** The token of an invitation link: 32 random bytes, base64url. */
export const InvitationTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** What the invitation page shows before the invitee accepts. */
export const InvitationPreviewSchema = z.object({
  accountName: z.string(),
  email: z.string(),
  role: CustomerRoleSchema,
  locale: LanguageSchema,
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** A session of the signed-in user, as the sessions list shows it. */
export const SessionSummarySchema = z.object({
  id: z.uuid(),
  /** The browser and the system read from the User-Agent (`Firefox`, `Windows`); null if unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
  signInMethod: SignInMethodSchema,
  /** The identity provider a single sign-on session came through; null otherwise. */
  signInProvider: z.string().nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const SessionListSchema = z.object({
  sessions: z.array(SessionSummarySchema),
  nextOffset: NextOffsetSchema,
});
export type SessionList = z.infer<typeof SessionListSchema>;
export const SessionListQuerySchema = pageQuery(50);

export const SignedOutCountSchema = z.object({ signedOut: z.number().int() });

export const auditActions = [
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.suspended',
  'member.unsuspended',
  'member.deleted_self',
  'staff.added',
  'account.created',
  'account.updated',
  'account.suspended',
  'account.unsuspended',
  'account.rent_terms_updated',
  'account.alert_recipients_changed',
  'account.sso_updated',
  'site.created',
  'site.updated',
  'drum.created',
  'drum.updated',
  'equipment.created',
  'equipment.updated',
  'import.applied',
  'registration.requested',
  'registration.approved',
  'registration.rejected',
  'member.approved',
  'integration.api_key_created',
  'integration.api_key_revoked',
  'integration.api_key_expiry_set',
  'integration.api_key_rotated',
  'integration.api_key_expired',
  'integration.device_mapped',
  'integration.webhook_created',
  'integration.webhook_updated',
  'integration.webhook_secret_rotated',
  'integration.webhook_deleted',
  'passkey.added',
  'passkey.removed',
  'passkey.used_for_step_up',
] as const;
export const AuditActionSchema = z.enum(auditActions);

export const AuditEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actor: z.string(),
  action: AuditActionSchema,
  target: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The actor's and the target's full names, when they are users who gave one. */
  actorName: z.string().nullable(),
  targetName: z.string().nullable(),
  /**
   * The names of the sites and accounts the values refer to by id (`siteIds`, `siteId`,
   * `accountId`), as they are called when the trail is read.
   */
  names: z.record(z.string(), z.string()),
});
/** The label the trail gives a person who erased their account. */
export const FORMER_USER_LABEL = 'former user';
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditQuerySchema = pageQuery(50).extend({
  action: AuditActionSchema.optional(),
  /** Part of the actor's or the target's address. */
  who: freeText({ max: 254 }).optional(),
});
export const AuditListSchema = z.object({
  events: z.array(AuditEventSchema),
  nextOffset: NextOffsetSchema,
});
export type AuditList = z.infer<typeof AuditListSchema>;

/** A staff user as the back-office lists them. */
export const StaffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: StaffRoleSchema,
  lastSignInAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = z.object({
  staff: z.array(StaffMemberSchema),
  nextOffset: NextOffsetSchema,
});
export const StaffListQuerySchema = pageQuery(100);

/** A manager adds a staff member, who is told by mail in `locale` and signs in as anyone does. */
export const AddStaffRequestSchema = z.object({
  email: emailSchema,
  role: StaffRoleSchema,
  locale: LanguageSchema,
});
export type AddStaffRequest = z.infer<typeof AddStaffRequestSchema>;
export type StaffList = z.infer<typeof StaffListSchema>;
