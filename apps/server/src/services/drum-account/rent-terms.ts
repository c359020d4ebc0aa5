import { eq } from 'drizzle-orm';
import type { AccountRentTerms, RentTerms } from '@portal/contract';
import type { Database } from '../../db/client';
import { accounts, drumRentTerms } from '../../db/schema';
import { DomainError } from '../domain-error';
import { recordAudit, type Actor } from '../accounts/audit';
import { localToday } from '../refill/delivery-date';

/** Rent days are counted in the provider's calendar, whoever looks. */
export const RENT_TIME_ZONE = 'Europe/Paris';

export const rentToday = (now: Date) => localToday(now, RENT_TIME_ZONE);

/** The terms an account is under: its own, else the configured defaults. */
export async function getRentTerms(
  db: Database,
  defaults: RentTerms,
  accountId: string | null,
): Promise<AccountRentTerms> {
  if (!accountId) return { ...defaults, isDefault: true };
  const [row] = await db
    .select({ rentFreeDays: drumRentTerms.rentFreeDays, monthlyRate: drumRentTerms.monthlyRate })
    .from(drumRentTerms)
    .where(eq(drumRentTerms.accountId, accountId));
  return row ? { ...row, isDefault: false } : { ...defaults, isDefault: true };
}

async function requireAccount(db: Database, accountId: string): Promise<void> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new DomainError('request.not_found');
}

/** The terms of an account staff look at (an unknown account is `request.not_found`). */
export async function getAccountRentTerms(
  db: Database,
  defaults: RentTerms,
  accountId: string,
): Promise<AccountRentTerms> {
  await requireAccount(db, accountId);
  return getRentTerms(db, defaults, accountId);
}

/**
 * Sets an account's own terms (staff only; an unknown account is `request.not_found`), recorded
 * in the account's audit trail with the terms before (null: the defaults) and after.
 */
export async function setRentTerms(
  db: Database,
  args: { accountId: string; terms: RentTerms; actor: Actor; now: Date },
): Promise<AccountRentTerms> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, args.accountId));
    if (!account) throw new DomainError('request.not_found');
    const [before] = await tx
      .select({ rentFreeDays: drumRentTerms.rentFreeDays, monthlyRate: drumRentTerms.monthlyRate })
      .from(drumRentTerms)
      .where(eq(drumRentTerms.accountId, args.accountId))
      .for('update');
    await tx
      .insert(drumRentTerms)
      .values({ accountId: args.accountId, ...args.terms, updatedAt: args.now })
      .onConflictDoUpdate({
        target: drumRentTerms.accountId,
        set: { ...args.terms, updatedAt: args.now },
      });
    await recordAudit(tx, {
      accountId: args.accountId,
      actor: args.actor,
      action: 'account.rent_terms_updated',
      target: { type: 'account', id: args.accountId, label: account.name },
      before: before ?? null,
      after: { ...args.terms },
      at: args.now,
    });
    return { ...args.terms, isDefault: false };
  });
}
