import { withinSites, type SiteScope } from '../site-scope';
import { and, asc, eq } from 'drizzle-orm';
import type { InstalledEquipment, Language, PartCategory } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  equipmentModels,
  installedEquipment,
  partCategories,
  partCategoryGroups,
  sites,
} from '../../db/schema';
import { DomainError } from '../domain-error';

/** The account's installed units, by site then serial. */
export async function listEquipment(
  db: Database,
  accountId: string | null,
  lang: Language,
  sitesInScope: SiteScope = null,
): Promise<InstalledEquipment[]> {
  if (!accountId) return [];
  const rows = await db
    .select({ unit: installedEquipment, model: equipmentModels, site: sites })
    .from(installedEquipment)
    .innerJoin(equipmentModels, eq(equipmentModels.id, installedEquipment.modelId))
    .innerJoin(sites, eq(sites.id, installedEquipment.siteId))
    .where(
      and(
        eq(installedEquipment.accountId, accountId),
        withinSites(installedEquipment.siteId, sitesInScope),
      ),
    )
    .orderBy(asc(sites.name), asc(installedEquipment.serial));
  return rows.map(({ unit, model, site }) => ({
    id: unit.id,
    serial: unit.serial,
    model: { id: model.id, code: model.code, name: lang === 'fr' ? model.nameFr : model.nameEn },
    site: { id: site.id, name: site.name },
  }));
}

/**
 * The model of one of the account's units. Another account's unit, or an unknown one, is a bad
 * filter value (400 on `equipment`), told apart from nothing: no one learns which ids exist.
 */
export async function requireOwnEquipmentModel(
  db: Database,
  accountId: string | null,
  equipmentId: string,
): Promise<string> {
  const [unit] = accountId
    ? await db
        .select({ modelId: installedEquipment.modelId })
        .from(installedEquipment)
        .where(
          and(eq(installedEquipment.id, equipmentId), eq(installedEquipment.accountId, accountId)),
        )
    : [];
  if (!unit)
    throw new DomainError('request.invalid', [{ field: 'equipment', errorCode: 'field.invalid' }]);
  return unit.modelId;
}

/** Every category with its group, groups in their order and categories by name. */
export async function listCategories(db: Database, lang: Language): Promise<PartCategory[]> {
  const rows = await db
    .select({ category: partCategories, group: partCategoryGroups })
    .from(partCategories)
    .innerJoin(partCategoryGroups, eq(partCategoryGroups.id, partCategories.groupId))
    .orderBy(
      asc(partCategoryGroups.position),
      asc(lang === 'fr' ? partCategories.nameFr : partCategories.nameEn),
    );
  return rows.map(({ category, group }) => ({
    id: category.id,
    code: category.code,
    name: lang === 'fr' ? category.nameFr : category.nameEn,
    group: { code: group.code, name: lang === 'fr' ? group.nameFr : group.nameEn },
  }));
}
