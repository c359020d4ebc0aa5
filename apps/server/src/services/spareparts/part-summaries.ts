import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language, SparePartSummary } from '@portal/contract';
import type { Database } from '../../db/client';
import {
  equipmentModels,
  partCategories,
  partCategoryGroups,
  partCompatibility,
  spareParts,
} from '../../db/schema';

const replacement = alias(spareParts, 'replacement');

/**
 * The catalogue rows of `partIds`, in that order, with names in `lang`: one query for the parts
 * (with category, group and replacement) and one for the compatible models of all of them.
 */
export async function partSummaries(
  db: Database,
  partIds: readonly string[],
  lang: Language,
): Promise<SparePartSummary[]> {
  if (partIds.length === 0) return [];
  const ids = [...new Set(partIds)];
  const [rows, compatibility] = await Promise.all([
    db
      .select({
        part: spareParts,
        category: partCategories,
        group: partCategoryGroups,
        replacement: { id: replacement.id, partNumber: replacement.partNumber },
      })
      .from(spareParts)
      .innerJoin(partCategories, eq(partCategories.id, spareParts.categoryId))
      .innerJoin(partCategoryGroups, eq(partCategoryGroups.id, partCategories.groupId))
      .leftJoin(replacement, eq(replacement.id, spareParts.supersededById))
      .where(inArray(spareParts.id, ids)),
    db
      .select({ partId: partCompatibility.partId, model: equipmentModels })
      .from(partCompatibility)
      .innerJoin(equipmentModels, eq(equipmentModels.id, partCompatibility.modelId))
      .where(inArray(partCompatibility.partId, ids))
      .orderBy(asc(equipmentModels.code)),
  ]);
  const byId = new Map(
    rows.map(({ part, category, group, replacement: next }) => [
      part.id,
      {
        id: part.id,
        partNumber: part.partNumber,
        designation: lang === 'fr' ? part.designationFr : part.designationEn,
        category: {
          id: category.id,
          code: category.code,
          name: lang === 'fr' ? category.nameFr : category.nameEn,
          group: { code: group.code, name: lang === 'fr' ? group.nameFr : group.nameEn },
        },
        compatibleModels: compatibility
          .filter((entry) => entry.partId === part.id)
          .map(({ model }) => ({
            id: model.id,
            code: model.code,
            name: lang === 'fr' ? model.nameFr : model.nameEn,
          })),
        unitPriceCents: part.unitPriceCents,
        currency: 'EUR' as const,
        stock: part.stock,
        leadTimeDays: part.leadTimeDays,
        supersededBy: next?.id ? { id: next.id, partNumber: next.partNumber } : null,
      } satisfies SparePartSummary,
    ]),
  );
  return partIds.flatMap((id) => byId.get(id) ?? []);
}
