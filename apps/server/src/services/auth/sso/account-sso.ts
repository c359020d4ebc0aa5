import { eq } from 'drizzle-orm';
import type { AccountSso, AccountSsoInputSchema } from '@portal/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { accountSsoProviders, accounts } from '../../../db/schema';
import { type Actor, recordAudit } from '../../accounts/audit';
import { DomainError } from '../../domain-error';

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
 * domains (the provider verified them); an empty secret keeps the stored one. The audit trail
 * records the change, without the secret (only whether it changed).
 */
export async function saveAccountSso(
  db: Database,
  {
    accountId,
    input,
    actor,
    now,
  }: {
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
      ...(secretChanged ? { clientSecret: input.clientSecret } : {}),
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
