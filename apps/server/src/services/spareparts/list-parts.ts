import { and, asc, count, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import {
  SPARE_PART_COUNT_CAP,
  type Language,
  type SparePartListQuerySchema,
  type SparePartPage,
  type SparePartSortColumn,
} from '@portal/contract';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client';
import { partCategories, partCompatibility, spareParts } from '../../db/schema';
import { partSummaries } from './part-summaries';
import { searchWords } from './search-text';
import {
  partNumberStream,
  resolveSearchWords,
  searchCondition,
  searchConditionOnRow,
  usesWordIndex,
} from './catalogue-search';
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
 * parameter. Each search word must match a part (catalogue-search.ts); the category and
 * equipment filters are plain conditions. In part-number order, a search reads the word index
 * only as far as the page and the capped count need; in another order it reads every match.
 */
export async function listParts(
  db: Database,
  accountId: string | null,
  query: ListQuery,
  lang: Language,
): Promise<SparePartPage> {
  const modelId = query.equipment
    ? await requireOwnEquipmentModel(db, accountId, query.equipment)
    : undefined;
  const words = await resolveSearchWords(db, searchWords(query.search ?? ''), lang);
  const filters = [
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
  ];
  const descending = query.sort?.startsWith('-') ?? false;
  const column = (query.sort?.replace(/^-/, '') ?? 'partNumber') as SparePartSortColumn;
  const offset = (query.page - 1) * query.pageSize;

  const stream = column === 'partNumber' ? partNumberStream(words, lang, descending) : undefined;
  const { rows: pageRows, total } = stream
    ? await pageFromStream(db, stream, and(searchConditionOnRow(words, lang), ...filters), {
        descending,
        offset,
        pageSize: query.pageSize,
      })
    : await pageInOrder(db, and(searchCondition(words, lang), ...filters), {
        column,
        descending,
        lang,
        offset,
        pageSize: query.pageSize,
        sortsMatches: usesWordIndex(words),
      });
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

interface PageWindow {
  descending: boolean;
  offset: number;
  pageSize: number;
}

/**
 * A page in part-number order from a stream of candidates (the word index): the candidates are
 * checked in order until the capped count and the page are both reached, so the cost follows
 * the page, not how many parts hold the word.
 */
async function pageFromStream(
  db: Database,
  stream: SQL,
  where: SQL | undefined,
  { descending, offset, pageSize }: PageWindow,
) {
  const direction = descending ? sql`desc` : sql`asc`;
  const enough = Math.max(SPARE_PART_COUNT_CAP + 1, offset + pageSize);
  const matches = sql`select ${spareParts.id} as id, ${spareParts.partNumber} as part_number
    from ${stream} as candidate
    join ${spareParts} on ${spareParts.partNumber} = candidate.part_number
    where ${where ?? sql`true`}
    order by candidate.part_number ${direction}
    limit ${enough}`;
  const rows = await queryRows<{ id: string; total: string }>(
    db,
    sql`select id, count(*) over () as total from (${matches}) as matches
      order by part_number ${direction} offset ${offset} limit ${pageSize}`,
  );
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  // A page past the end has no row to carry the count.
  const counted = await queryRows<{ total: string }>(
    db,
    sql`select count(*) as total from (${matches}) as matches`,
  );
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** A page in the order of a column: its index walked, or every match sorted. */
async function pageInOrder(
  db: Database,
  where: SQL | undefined,
  {
    column,
    descending,
    lang,
    offset,
    pageSize,
    sortsMatches,
  }: PageWindow & { column: SparePartSortColumn; lang: Language; sortsMatches: boolean },
) {
  const direction = descending ? desc : asc;
  // With a word from the word index the matches are found there and then sorted. Left alone,
  // the planner walks the sort column's btree in order and filters each row, which reads most of
  // the table when the matches sort late: `|| ''` and `+ 0` hide that btree.
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
    .limit(pageSize)
    .offset(offset);

  if (sortsMatches) {
    const rows = await pageQuery;
    // A page past the end has no row to carry the count.
    return { rows, total: rows[0]?.total ?? (offset > 0 ? await countMatches() : 0) };
  }
  const [rows, total] = await Promise.all([pageQuery, countMatches()]);
  return { rows, total };
}
