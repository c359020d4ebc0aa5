import { and, asc, count, eq, ilike, inArray, isNotNull } from 'drizzle-orm';
import type {
  AccountDetail,
  AccountInput,
  AccountSummary,
  DrumInput,
  EquipmentInput,
  SiteInput,
} from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import {
  accounts,
  cableProducts,
  drums,
  drumTypes,
  equipmentModels,
  installedEquipment,
  sites,
  users,
} from '../../db/schema';
import { endSessionsOf } from '../auth/sessions';
import { resumeHeldMessages } from '../integration/webhooks/webhook-endpoints';
import { DomainError } from '../domain-error';
import { recordAudit, type Actor } from './audit';

type Tx = Database | Transaction;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Accounts by name, optionally those whose name holds `search`, with their sizes. */
export async function listAccounts(
  db: Database,
  search: string | undefined,
  { limit, offset }: { limit: number; offset: number },
): Promise<AccountSummary[]> {
  const rows = await db
    .select()
    .from(accounts)
    .where(search ? ilike(accounts.name, `%${escapeLike(search)}%`) : undefined)
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((row) => row.id);
  const countBy = async (table: typeof sites | typeof drums | typeof users) => {
    if (ids.length === 0) return new Map<string, number>();
    const counted = await db
      .select({ accountId: table.accountId, n: count() })
      .from(table)
      .where(and(inArray(table.accountId, ids), isNotNull(table.accountId)))
      .groupBy(table.accountId);
    return new Map(counted.map((row) => [row.accountId ?? '', row.n]));
  };
  const [siteCounts, drumCounts, userCounts] = await Promise.all([
    countBy(sites),
    countBy(drums),
    countBy(users),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    verifiedDomains: row.verifiedDomains,
    suspended: row.suspendedAt !== null,
    createdAt: row.createdAt.toISOString(),
    sites: siteCounts.get(row.id) ?? 0,
    drums: drumCounts.get(row.id) ?? 0,
    users: userCounts.get(row.id) ?? 0,
  }));
}

const accountFields = (input: AccountInput) => ({
  name: input.name,
  verifiedDomains: [...new Set(input.verifiedDomains ?? [])],
  notes: input.notes ?? null,
});

/**
 * An account's fields as its audit trail records them. The internal notes are the provider's
 * own: the trail, which the account's admin reads, says that they changed, never what they say.
 */
const auditedAccountFields = (
  fields: { name: string; verifiedDomains: string[] },
  notesChanged: boolean,
) => ({
  name: fields.name,
  verifiedDomains: fields.verifiedDomains,
  ...(notesChanged ? { notesChanged: true } : {}),
});

export async function createAccount(
  db: Database,
  { input, actor, now }: { input: AccountInput; actor: Actor; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const fields = accountFields(input);
    const [created] = await tx
      .insert(accounts)
      .values({ ...fields, createdAt: now })
      .returning({ id: accounts.id });
    if (!created) throw new Error('account insert returned nothing');
    await recordAudit(tx, {
      accountId: created.id,
      actor,
      action: 'account.created',
      target: { type: 'account', id: created.id, label: fields.name },
      after: auditedAccountFields(fields, fields.notes !== null),
      at: now,
    });
    return created.id;
  });
}

/** The account, locked for the rest of the transaction; another or no account is a 404. */
async function lockAccount(tx: Tx, accountId: string) {
  const [account] = await tx
    .select()
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (!account) throw new DomainError('request.not_found');
  return account;
}

export async function updateAccount(
  db: Database,
  {
    accountId,
    input,
    actor,
    now,
  }: { accountId: string; input: AccountInput; actor: Actor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    const fields = accountFields(input);
    await tx.update(accounts).set(fields).where(eq(accounts.id, accountId));
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'account.updated',
      target: { type: 'account', id: accountId, label: fields.name },
      before: auditedAccountFields(account, false),
      after: auditedAccountFields(fields, fields.notes !== account.notes),
      at: now,
    });
  });
}

/**
 * Suspends an account, or lifts it. Suspension stops every way in and out of the account:
 * every session of its users ends at once (their old cookies are then answered
 * `auth.suspended`), its API keys are answered `auth.suspended`, and its webhook messages are
 * held until it is lifted, then sent. Answers the users whose sessions the caller forgets in the
 * session cache once this committed.
 */
export async function setAccountSuspended(
  db: Database,
  {
    accountId,
    suspended,
    actor,
    now,
  }: { accountId: string; suspended: boolean; actor: Actor; now: Date },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, accountId);
    if ((account.suspendedAt !== null) === suspended) return [];
    await tx
      .update(accounts)
      .set({ suspendedAt: suspended ? now : null })
      .where(eq(accounts.id, accountId));
    const members = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.accountId, accountId));
    if (suspended) for (const member of members) await endSessionsOf(tx, member.id, now);
    else if (account.suspendedAt) {
      await resumeHeldMessages(tx, accountId, now.getTime() - account.suspendedAt.getTime());
    }
    await recordAudit(tx, {
      accountId,
      actor,
      action: suspended ? 'account.suspended' : 'account.unsuspended',
      target: { type: 'account', id: accountId, label: account.name },
      before: { suspended: !suspended },
      after: { suspended },
      at: now,
    });
    return members.map((member) => member.id);
  });
}

export async function getAccountDetail(db: Database, accountId: string): Promise<AccountDetail> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new DomainError('request.not_found');
  const [siteRows, drumRows, equipmentRows, userRows] = await Promise.all([
    db.select().from(sites).where(eq(sites.accountId, accountId)).orderBy(asc(sites.name)),
    db
      .select({
        id: drums.id,
        serial: drums.serial,
        drumType: drumTypes.code,
        cableReference: cableProducts.reference,
        initialLength: drums.initialLengthM,
        siteId: drums.siteId,
        deliveredOn: drums.installedOn,
      })
      .from(drums)
      .innerJoin(drumTypes, eq(drumTypes.id, drums.drumTypeId))
      .innerJoin(cableProducts, eq(cableProducts.id, drums.productId))
      .where(eq(drums.accountId, accountId))
      .orderBy(asc(drums.serial)),
    db
      .select({
        id: installedEquipment.id,
        serial: installedEquipment.serial,
        model: equipmentModels.code,
        siteId: installedEquipment.siteId,
      })
      .from(installedEquipment)
      .innerJoin(equipmentModels, eq(equipmentModels.id, installedEquipment.modelId))
      .where(eq(installedEquipment.accountId, accountId))
      .orderBy(asc(installedEquipment.serial)),
    db.select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.email)),
  ]);
  return {
    id: account.id,
    name: account.name,
    verifiedDomains: account.verifiedDomains,
    notes: account.notes,
    suspended: account.suspendedAt !== null,
    createdAt: account.createdAt.toISOString(),
    sites: siteRows.map((site) => ({
      id: site.id,
      name: site.name,
      city: site.city,
      address: site.address,
      contacts: site.contacts,
      deliveryInstructions: site.deliveryInstructions,
    })),
    drums: drumRows,
    equipment: equipmentRows,
    users: userRows.map((user) => ({
      id: user.id,
      email: user.email,
      role: user.role as AccountDetail['users'][number]['role'],
      suspended: user.suspendedAt !== null,
      pendingApproval: user.pendingApprovalSince !== null,
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    })),
  };
}

const siteFields = (input: SiteInput) => ({
  name: input.name,
  city: input.city,
  address: input.address ?? null,
  contacts: input.contacts ?? null,
  deliveryInstructions: input.deliveryInstructions ?? null,
});

/** Creates a site (no `siteId`) or replaces one of the account's sites' details. */
export async function saveSite(
  db: Database,
  {
    accountId,
    siteId,
    input,
    actor,
    now,
  }: { accountId: string; siteId?: string; input: SiteInput; actor: Actor; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const fields = siteFields(input);
    if (!siteId) {
      const [created] = await tx
        .insert(sites)
        .values({ accountId, ...fields })
        .returning({ id: sites.id });
      if (!created) throw new Error('site insert returned nothing');
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'site.created',
        target: { type: 'site', id: created.id, label: fields.name },
        after: fields,
        at: now,
      });
      return created.id;
    }
    const [site] = await tx
      .select()
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.accountId, accountId)));
    if (!site) throw new DomainError('request.not_found');
    await tx.update(sites).set(fields).where(eq(sites.id, siteId));
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'site.updated',
      target: { type: 'site', id: siteId, label: fields.name },
      before: siteFields(site),
      after: fields,
      at: now,
    });
    return siteId;
  });
}

/** The catalogue's codes and the account's sites, as the drum and equipment rows name them. */
export interface Lookups {
  drumTypeByCode: Map<string, string>;
  productByReference: Map<string, string>;
  modelByCode: Map<string, string>;
  /** The account's sites by id, and by lower-cased name (an import names sites). */
  siteIds: Set<string>;
  siteByName: Map<string, string>;
}

export async function lookupsFor(tx: Tx, accountId: string): Promise<Lookups> {
  const [types, products, models, siteRows] = await Promise.all([
    tx.select({ id: drumTypes.id, code: drumTypes.code }).from(drumTypes),
    tx.select({ id: cableProducts.id, reference: cableProducts.reference }).from(cableProducts),
    tx.select({ id: equipmentModels.id, code: equipmentModels.code }).from(equipmentModels),
    tx.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.accountId, accountId)),
  ]);
  return {
    drumTypeByCode: new Map(types.map((row) => [row.code.toUpperCase(), row.id])),
    productByReference: new Map(products.map((row) => [row.reference.toUpperCase(), row.id])),
    modelByCode: new Map(models.map((row) => [row.code.toUpperCase(), row.id])),
    siteIds: new Set(siteRows.map((row) => row.id)),
    siteByName: new Map(siteRows.map((row) => [row.name.trim().toLowerCase(), row.id])),
  };
}

/** A drum's row values from its input, or the error code naming what the catalogue lacks. */
export function drumValues(input: DrumInput, lookups: Lookups) {
  const drumTypeId = lookups.drumTypeByCode.get(input.drumType.toUpperCase());
  if (!drumTypeId) throw new DomainError('onboarding.unknown_drum_type');
  const productId = lookups.productByReference.get(input.cableReference.toUpperCase());
  if (!productId) throw new DomainError('onboarding.unknown_cable');
  if (!lookups.siteIds.has(input.siteId)) throw new DomainError('onboarding.unknown_site');
  return {
    serial: input.serial,
    drumTypeId,
    productId,
    siteId: input.siteId,
    initialLengthM: input.initialLength,
    installedOn: input.deliveredOn,
  };
}

export function equipmentValues(input: EquipmentInput, lookups: Lookups) {
  const modelId = lookups.modelByCode.get(input.model.toUpperCase());
  if (!modelId) throw new DomainError('onboarding.unknown_model');
  if (!lookups.siteIds.has(input.siteId)) throw new DomainError('onboarding.unknown_site');
  return { serial: input.serial, modelId, siteId: input.siteId };
}

/**
 * Creates a drum (no `drumId`) or replaces one of the account's drums' details. A serial is the
 * account's once: another drum of the account with it is `onboarding.duplicate_serial`.
 */
export async function saveDrum(
  db: Database,
  {
    accountId,
    drumId,
    input,
    actor,
    now,
  }: { accountId: string; drumId?: string; input: DrumInput; actor: Actor; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const values = drumValues(input, await lookupsFor(tx, accountId));
    const [sameSerial] = await tx
      .select({ id: drums.id })
      .from(drums)
      .where(and(eq(drums.accountId, accountId), eq(drums.serial, values.serial)));
    if (sameSerial && sameSerial.id !== drumId) {
      throw new DomainError('onboarding.duplicate_serial');
    }
    const after = { ...input };
    if (!drumId) {
      const [created] = await tx
        .insert(drums)
        .values({ accountId, ...values })
        .returning({ id: drums.id });
      if (!created) throw new Error('drum insert returned nothing');
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'drum.created',
        target: { type: 'drum', id: created.id, label: values.serial },
        after,
        at: now,
      });
      return created.id;
    }
    const [drum] = await tx
      .select()
      .from(drums)
      .where(and(eq(drums.id, drumId), eq(drums.accountId, accountId)));
    if (!drum) throw new DomainError('request.not_found');
    await tx.update(drums).set(values).where(eq(drums.id, drumId));
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'drum.updated',
      target: { type: 'drum', id: drumId, label: values.serial },
      before: {
        serial: drum.serial,
        initialLength: drum.initialLengthM,
        siteId: drum.siteId,
        deliveredOn: drum.installedOn,
      },
      after,
      at: now,
    });
    return drumId;
  });
}

/** Creates or replaces one of the account's installed machines; serials as for drums. */
export async function saveEquipment(
  db: Database,
  {
    accountId,
    equipmentId,
    input,
    actor,
    now,
  }: { accountId: string; equipmentId?: string; input: EquipmentInput; actor: Actor; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const values = equipmentValues(input, await lookupsFor(tx, accountId));
    const [sameSerial] = await tx
      .select({ id: installedEquipment.id })
      .from(installedEquipment)
      .where(
        and(
          eq(installedEquipment.accountId, accountId),
          eq(installedEquipment.serial, values.serial),
        ),
      );
    if (sameSerial && sameSerial.id !== equipmentId) {
      throw new DomainError('onboarding.duplicate_serial');
    }
    if (!equipmentId) {
      const [created] = await tx
        .insert(installedEquipment)
        .values({ accountId, ...values })
        .returning({ id: installedEquipment.id });
      if (!created) throw new Error('equipment insert returned nothing');
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'equipment.created',
        target: { type: 'equipment', id: created.id, label: values.serial },
        after: { ...input },
        at: now,
      });
      return created.id;
    }
    const [unit] = await tx
      .select()
      .from(installedEquipment)
      .where(
        and(eq(installedEquipment.id, equipmentId), eq(installedEquipment.accountId, accountId)),
      );
    if (!unit) throw new DomainError('request.not_found');
    await tx.update(installedEquipment).set(values).where(eq(installedEquipment.id, equipmentId));
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'equipment.updated',
      target: { type: 'equipment', id: equipmentId, label: values.serial },
      before: { serial: unit.serial, siteId: unit.siteId },
      after: { ...input },
      at: now,
    });
    return equipmentId;
  });
}
