import { z } from 'zod';
import { CustomerRoleSchema } from './accounts';
import { DomainSchema } from './onboarding';
import { freeText } from './text';

/**
 * Single sign-on (OpenID Connect): the provider's staff through the identity provider named in
 * the server's settings, and the people of a customer account's verified domains through the
 * identity provider the account names.
 */

/** What the sign-in form asks once an address is typed: how this address signs in. */
export const SsoDiscoveryRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
});
export type SsoDiscoveryRequest = z.input<typeof SsoDiscoveryRequestSchema>;

/**
 * `link`: the mailed one-time link. `sso`: the identity provider named `provider`, through
 * `startPath` (a top-level navigation, not a fetch); `required` when no link is mailed to it.
 */
export const SsoDiscoverySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('link') }),
  z.object({
    method: z.literal('sso'),
    provider: z.string(),
    startPath: z.string(),
    required: z.boolean(),
  }),
]);
export type SsoDiscovery = z.infer<typeof SsoDiscoverySchema>;

export const SsoStartQuerySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  /** `staff` starts the provider's own staff sign-on. */
  staff: z.literal('1').optional(),
  /**
   * The portal's page to come back to once signed in: a path of this origin (never another
   * site's, nor a protocol-relative `//host`).
   */
  returnTo: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])[^\s]*$/)
    .optional(),
});

const IssuerSchema = freeText({ min: 1, max: 500 }).pipe(z.url({ protocol: /^https?$/ }));

/**
 * A customer account's identity provider, as staff set it. The client secret is written, never
 * read back: an empty one keeps the secret already stored.
 */
export const AccountSsoInputSchema = z
  .object({
    issuer: IssuerSchema,
    clientId: freeText({ min: 1, max: 200 }),
    clientSecret: freeText({ max: 500 }).optional(),
    /** Each must be one of the account's verified domains. */
    domains: z.array(DomainSchema).min(1).max(20),
    /** The role a person of these domains gets at their first sign-in. */
    defaultRole: CustomerRoleSchema,
    /** No one joins by signing in: only people already in the account (invited) get in. */
    invitationOnly: z.boolean(),
    /** No mailed link for these domains: single sign-on only. */
    requireSso: z.boolean(),
  })
  .strict();
export type AccountSsoInput = z.input<typeof AccountSsoInputSchema>;

export const AccountSsoSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Whether a client secret is stored; the secret itself never leaves the server. */
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  defaultRole: CustomerRoleSchema,
  invitationOnly: z.boolean(),
  requireSso: z.boolean(),
});
export type AccountSso = z.infer<typeof AccountSsoSchema>;
