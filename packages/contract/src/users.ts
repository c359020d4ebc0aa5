import { z } from 'zod';
import { languages } from './locales';
import type { RawRule } from './rules';
import { roles } from './roles';
import { freeText } from './text';
import { COMPANY_MAX_LENGTH, EMAIL_MAX_LENGTH, emailPattern } from './sign-up-rules';

export const LanguageSchema = z.enum(languages);

/**
 * Sign-up payload: email required and valid; company optional, trimmed, and an empty
 * company becomes absent. The server validates with it; the form checks the same rules without
 * zod (`checkSignUp` in sign-up-rules.ts, kept equal by sign-up-rules.test.ts).
 */
export const SignUpRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ pattern: emailPattern }).max(EMAIL_MAX_LENGTH)),
  company: freeText({ max: COMPANY_MAX_LENGTH })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type SignUpRequest = z.input<typeof SignUpRequestSchema>;

/** 202 for new and known addresses alike, so the answer never tells whether an account exists. */
export const SignUpResponseSchema = z.object({ status: z.literal('sent') });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

/** The token of a sign-in link: 32 random bytes, base64url (43 characters). */
export const SignInRequestSchema = z.object({
  hash: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/** A CASL raw rule: action, subject, optional fields and conditions, inverted or not. */
export const RawRuleSchema: z.ZodType<RawRule> = z.object({
  action: z.union([z.string(), z.array(z.string())]),
  subject: z.union([z.string(), z.array(z.string())]),
  fields: z.union([z.string(), z.array(z.string())]).optional(),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

/** How a person proved who they are when a session began. */
export const SIGN_IN_METHODS = ['link', 'passkey', 'sso'] as const;
export const SignInMethodSchema = z.enum(SIGN_IN_METHODS);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

export const ProfileSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  company: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  locale: LanguageSchema,
  role: z.enum(roles),
  /** Customer users work in an account; staff users for the provider. */
  side: z.enum(['customer', 'staff']),
  /** The sites a customer role is limited to; null for all. */
  siteIds: z.array(z.uuid()).nullable(),
  /** The CASL rules of the role, computed on the server: the SPA shows actions by them. */
  rules: z.array(RawRuleSchema),
  /**
   * Whether the user works in an account (staff always do), belongs to one awaiting its admin's
   * approval, or has none yet (their registration page says what to do).
   */
  standing: z.enum(['member', 'awaiting_approval', 'unattached']).optional(),
  /**
   * How the session reading this signed in: the step-up screen offers single sign-on again only
   * to a single sign-on session.
   */
  signInMethod: SignInMethodSchema.optional(),
  /**
   * When the session reading this last proved who its person is (its sign-in, or a step-up):
   * a step-up in another window shows here.
   */
  signedInAt: z.string().optional(),
  /**
   * Staff who must add a passkey and have none: until when a mailed link alone still admits
   * them. Null or absent for everyone else.
   */
  passkeyDeadline: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const nameSchema = freeText({ min: 1, max: 100 });

export const UpdateProfileRequestSchema = z
  .object({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    /** E.164 (`+33612345678`) or empty to remove it. */
    phone: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{6,14})?$/)
      .optional(),
    locale: LanguageSchema.optional(),
  })
  .strict();
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;
