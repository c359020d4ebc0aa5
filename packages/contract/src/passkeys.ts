import { z } from 'zod';
import { freeText } from './text';

/** How many passkeys one person may hold. */
export const MAX_PASSKEYS_PER_USER = 20;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** The name a person gives a passkey ("Work laptop"). */
export const PasskeyNameSchema = freeText({ min: 1, max: PASSKEY_NAME_MAX_LENGTH });

/** A passkey as its owner sees it: never its key. */
export const PasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .max(max);

/**
 * What the browser's WebAuthn call answered, as JSON (base64url fields). The server checks the
 * signatures; this only bounds the shapes and sizes.
 */
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const RegistrationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(12288),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
    authenticatorData: base64url(4096).optional(),
  }),
});

export const AuthenticationCredentialSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    // A post-quantum (ML-DSA) signature takes up to 4.6 kB.
    signature: base64url(8192),
    userHandle: base64url(256).optional(),
  }),
});

export const AddPasskeyRequestSchema = z.object({
  name: PasskeyNameSchema,
  credential: RegistrationCredentialSchema,
});
export type AddPasskeyRequest = z.input<typeof AddPasskeyRequestSchema>;

export const RenamePasskeyRequestSchema = z.object({ name: PasskeyNameSchema });
export type RenamePasskeyRequest = z.input<typeof RenamePasskeyRequestSchema>;

export const PasskeyAssertionRequestSchema = z.object({
  credential: AuthenticationCredentialSchema,
});
export type PasskeyAssertionRequest = z.input<typeof PasskeyAssertionRequestSchema>;

/**
 * The options the browser passes to WebAuthn (`PublicKeyCredentialCreationOptionsJSON` or
 * `…RequestOptionsJSON`), as the server wrote them.
 */
export const PasskeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** When a sign-in last proved who the person is: sensitive actions ask for one this recent. */
export const STEP_UP_MAX_AGE_SECONDS = 10 * 60;
