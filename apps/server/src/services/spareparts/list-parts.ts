import { and, asc, count, desc, eq, exists, like, or, sql, type SQL } from 'drizzle-orm';
import {
  SPARE_PART_COUNT_CAP,
  type Language,
  type SparePartListQuerySchema,
  type SparePartPage,
  type SparePartSortColumn,
} from '@portal/contract';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { partCategories, partCompatibility, spareParts } from '../../db/schema';
import { partSummaries } from './part-summaries';
import { searchTerms } from './search-text';
import { requireOwnEquipmentModel } from './equipment';

type ListQuery = z.output<typeof SparePartListQuerySchema>;

type IndexKind = 'text' | 'number' | 'unindexed';

/** Which sort columns have a btree the planner could walk instead of sorting the matches. */
const indexKinds: Record<SparePartSortColumn, IndexKind> = {
  partNumber: 'text',
  designation: 'text',
  unitPrice: 'number',
  category: 'unindexed',
  availability: 'unindexed',
};

/** The same order, from an expression no index covers. */
function withoutIndex(key: SQL | AnyPgColumn, kind: IndexKind): SQL | AnyPgColumn {
  switch (kind) {
    case 'text':
      return sql`(${key} || '')`;
    case 'number':
      return sql`(${key} + 0)`;
    case 'unindexed':
      return key;
  }
}

/** The ORDER BY of each sortable column; the part number always breaks ties (stable pages). */
function sortExpression(column: SparePartSortColumn, lang: Language): SQL | AnyPgColumn {
  switch (column) {
    case 'partNumber':
      return spareParts.partNumber;
    case 'designation':
      return lang === 'fr' ? spareParts.designationFr : spareParts.designationEn;
    case 'category':
      // A scalar subquery keeps the page query free of joins the filters do not need.
      return sql`(select ${lang === 'fr' ? partCategories.nameFr : partCategories.nameEn} from ${partCategories} where ${partCategories.id} = ${spareParts.categoryId})`;
    case 'availability':
      // In stock first (0 days), then by lead time.
      return sql`(case when ${spareParts.stock} > 0 then 0 else ${spareParts.leadTimeDays} end)`;
    case 'unitPrice':
      return spareParts.unitPriceCents;
  }
}

/**
 * One page of the catalogue (GET /api/spareparts). Every value of the query is a bound
 * parameter; each search word must appear in the search column of `lang` (a trigram index
 * lookup), the category and equipment filters are plain conditions.
 */
export async function listParts(
  db: Database,
  accountId: string | null,
  query: ListQuery,
  lang: Language,
): Promise<SparePartPage> {
  const searchColumn = lang === 'fr' ? spareParts.searchFr : spareParts.searchEn;
  const modelId = query.equipment
    ? await requireOwnEquipmentModel(db, accountId, query.equipment)
    : undefined;
  const terms = searchTerms(query.search ?? '');
  const where = and(
    ...terms.map((term) =>
      or(
        like(spareParts.partNumber, term.partNumberPrefix),
        like(searchColumn, term.inDesignation),
      ),
    ),
    query.category ? eq(spareParts.categoryId, query.category) : undefined,
    modelId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(partCompatibility)
            .where(
              and(
                eq(partCompatibility.partId, spareParts.id),
                eq(partCompatibility.modelId, modelId),
              ),
            ),
        )
      : undefined,
  );

  const descending = query.sort?.startsWith('-') ?? false;
  const column = (query.sort?.replace(/^-/, '') ?? 'partNumber') as SparePartSortColumn;
  const direction = descending ? desc : asc;
  // With an indexed search word the matches come from the trigram index (a few thousand rows
  // at most) and are then sorted. Left alone, the planner walks the sort column's btree in
  // order and filters each row, which reads most of the table when the matches sort late
  // (45 ms for "capteur" at 100,000 parts, 8 ms sorted): `|| ''` and `+ 0` hide that btree.
  const sortsMatches = terms.some((term) => term.isIndexed);
  const sortKey = (key: SQL | AnyPgColumn, kind: IndexKind) =>
    sortsMatches ? withoutIndex(key, kind) : key;
  const partNumber = sortKey(spareParts.partNumber, 'text');
  const order =
    column === 'partNumber'
      ? [direction(partNumber)]
      : [direction(sortKey(sortExpression(column, lang), indexKinds[column])), asc(partNumber)];

  // Counting stops past the cap: a common word or no filter at all would otherwise count the
  // whole catalogue on every keystroke.
  const countMatches = async () => {
    const matches = db
      .select({ one: sql`1` })
      .from(spareParts)
      .where(where)
      .limit(SPARE_PART_COUNT_CAP + 1)
      .as('matches');
    const [counted] = await db.select({ total: count() }).from(matches);
    return counted?.total ?? 0;
  };
  const pageQuery = db
    .select({
      id: spareParts.id,
      // Sorting the matches reads all of them anyway: counting them there saves a query.
      total: sortsMatches ? sql<number>`count(*) over ()`.mapWith(Number) : sql<null>`null`,
    })
    .from(spareParts)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  let pageRows: Array<{ id: string; total: number | null }>;
  let total: number;
  if (sortsMatches) {
    pageRows = await pageQuery;
    // A page past the end has no row to carry the count.
    total = pageRows[0]?.total ?? (query.page > 1 ? await countMatches() : 0);
  } else {
    [pageRows, total] = await Promise.all([pageQuery, countMatches()]);
  }
  return {
    items: await partSummaries(
      db,
      pageRows.map((row) => row.id),
      lang,
    ),
    total: Math.min(total, SPARE_PART_COUNT_CAP),
    totalCapped: total > SPARE_PART_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}
