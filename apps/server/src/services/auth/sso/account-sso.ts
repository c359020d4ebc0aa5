import { eq, isNotNull } from 'drizzle-orm';
import type { AccountSso, AccountSsoInputSchema } from '@portal/contract';
import type { z } from 'zod';
import type { SecretKeys } from '../../../config/env';
import type { Database } from '../../../db/client';
import { accountSsoProviders, accounts } from '../../../db/schema';
import { type Actor, recordAudit } from '../../accounts/audit';
import { DomainError } from '../../domain-error';
import { isSealedUnderOldKey, openSecret, sealSecret } from '../sealed-secret';

/** An account's single sign-on as staff read it: never its client secret. */
export async function readAccountSso(db: Database, accountId: string): Promise<AccountSso> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new DomainError('request.not_found');
  const [row] = await db
    .select()
    .from(accountSsoProviders)
    .where(eq(accountSsoProviders.accountId, accountId));
  return {
    configured: Boolean(row),
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    hasClientSecret: Boolean(row?.clientSecret),
    domains: row?.domains ?? [],
    defaultRole: row?.defaultRole ?? 'viewer',
    invitationOnly: row?.invitationOnly ?? false,
    requireSso: row?.requireSso ?? false,
  };
}

/**
 * Sets an account's identity provider. Its domains must be among the account's verified
 * domains (the provider verified them); an empty secret keeps the stored one, a new one is
 * stored sealed (AES-256-GCM, bound to the account). The audit trail records the change,
 * without the secret (only whether it changed).
 */
export async function saveAccountSso(
  db: Database,
  {
    accountId,
    input,
    actor,
    keys,
    now,
  }: {
    keys: SecretKeys;
    accountId: string;
    input: z.output<typeof AccountSsoInputSchema>;
    actor: Actor;
    now: Date;
  },
): Promise<AccountSso> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ name: accounts.name, verifiedDomains: accounts.verifiedDomains })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('update');
    if (!account) throw new DomainError('request.not_found');
    const unverified = input.domains.flatMap((domain, index) =>
      account.verifiedDomains.includes(domain) ? [] : [index],
    );
    if (unverified.length) {
      throw new DomainError(
        'request.invalid',
        unverified.map((index) => ({
          field: `domains.${index}`,
          errorCode: 'sso.domain_unverified' as const,
        })),
      );
    }
    const [before] = await tx
      .select()
      .from(accountSsoProviders)
      .where(eq(accountSsoProviders.accountId, accountId));
    const secretChanged = Boolean(input.clientSecret);
    const values = {
      issuer: input.issuer,
      clientId: input.clientId,
      domains: [...new Set(input.domains)],
      defaultRole: input.defaultRole,
      invitationOnly: input.invitationOnly,
      requireSso: input.requireSso,
      updatedAt: now,
      ...(secretChanged && input.clientSecret
        ? { clientSecret: sealSecret(keys, input.clientSecret, accountId) }
        : {}),
    };
    await tx
      .insert(accountSsoProviders)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: accountSsoProviders.accountId, set: values });
    const shown = (row: typeof values | typeof before) =>
      row && {
        issuer: row.issuer,
        clientId: row.clientId,
        domains: row.domains,
        defaultRole: row.defaultRole,
        invitationOnly: row.invitationOnly,
        requireSso: row.requireSso,
      };
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'account.sso_updated',
      target: { type: 'account', id: accountId, label: account.name },
      before: shown(before) ?? null,
      after: { ...shown(values), clientSecretChanged: secretChanged },
      at: now,
    });
  });
  return readAccountSso(db, accountId);
}

/**
 * Seals again, under the current key, every client secret stored under a previous key or
 * before secrets were sealed; run at each start, so a key taken out of SECRETS_PREVIOUS_KEYS
 * after a start with the new SECRETS_KEY opens nothing anyone still needs.
 */
export async function resealAccountSsoSecrets(db: Database, keys: SecretKeys): Promise<number> {
  const rows = await db
    .select({ accountId: accountSsoProviders.accountId, secret: accountSsoProviders.clientSecret })
    .from(accountSsoProviders)
    .where(isNotNull(accountSsoProviders.clientSecret));
  let resealed = 0;
  for (const { accountId, secret } of rows) {
    if (!secret || !isSealedUnderOldKey(keys, secret)) continue;
    let plain: string;
    try {
      plain = openSecret(keys, secret, accountId);
    } catch {
      // Under a key no longer held: left as it is, until a manager enters the secret again.
      continue;
    }
    await db
      .update(accountSsoProviders)
      .set({ clientSecret: sealSecret(keys, plain, accountId) })
      .where(eq(accountSsoProviders.accountId, accountId));
    resealed += 1;
  }
  return resealed;
}
