import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Language, SparePartDetail } from '@portal/contract';
import type { Database } from '../../db/client';
import { equipmentModels, installedEquipment, spareParts } from '../../db/schema';
import { DomainError } from '../domain-error';
import { partSummaries } from './part-summaries';

/** The part's id by id or by exact part number (case ignored); 404 when there is none. */
export async function findPartId(
  db: Database,
  key: { id: string } | { partNumber: string },
): Promise<string> {
  const [row] = await db
    .select({ id: spareParts.id })
    .from(spareParts)
    .where(
      'id' in key
        ? eq(spareParts.id, key.id)
        : eq(spareParts.partNumber, key.partNumber.trim().toUpperCase()),
    );
  if (!row) throw new DomainError('request.not_found');
  return row.id;
}

/** A part with the parts it replaces and the account's units it fits. */
export async function getPartDetail(
  db: Database,
  accountId: string | null,
  partId: string,
  lang: Language,
): Promise<SparePartDetail> {
  const [summary] = await partSummaries(db, [partId], lang);
  if (!summary) throw new DomainError('request.not_found');
  const modelIds = summary.compatibleModels.map((model) => model.id);
  const [replaces, fits] = await Promise.all([
    db
      .select({ id: spareParts.id, partNumber: spareParts.partNumber })
      .from(spareParts)
      .where(eq(spareParts.supersededById, partId))
      .orderBy(asc(spareParts.partNumber)),
    accountId && modelIds.length
      ? db
          .select({
            id: installedEquipment.id,
            serial: installedEquipment.serial,
            nameFr: equipmentModels.nameFr,
            nameEn: equipmentModels.nameEn,
          })
          .from(installedEquipment)
          .innerJoin(equipmentModels, eq(equipmentModels.id, installedEquipment.modelId))
          .where(
            and(
              eq(installedEquipment.accountId, accountId),
              inArray(installedEquipment.modelId, modelIds),
            ),
          )
          .orderBy(asc(installedEquipment.serial))
      : [],
  ]);
  return {
    ...summary,
    replaces,
    fitsEquipment: fits.map((unit) => ({
      id: unit.id,
      serial: unit.serial,
      modelName: lang === 'fr' ? unit.nameFr : unit.nameEn,
    })),
  };
}
