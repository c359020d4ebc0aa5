import { and, asc, count, desc, eq, exists, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  SPARE_PART_COUNT_CAP,
  type Language,
  type SparePartListQuerySchema,
  type SparePartPage,
  type SparePartSortColumn,
  type SparePartSummary,
} from '@portal/contract';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client';
import { partCategories, partCompatibility, spareParts } from '../../db/schema';
import { partSummaries } from './part-summaries';
import { searchWords } from './search-text';
import { candidateStream, resolveSearchWords, searchCondition } from './catalogue-search';
import { requireOwnEquipmentModel } from './equipment';
import { DomainError } from '../domain-error';

type ListQuery = z.output<typeof SparePartListQuerySchema>;

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

interface PageRequest {
  column: SparePartSortColumn;
  descending: boolean;
  lang: Language;
  offset: number;
  pageSize: number;
}

interface FoundPage {
  rows: Array<{ id: string }>;
  /** Matches, counted at least up to one past the cap. */
  total: number;
}

/**
 * One page of the catalogue (GET /api/spareparts). Every value of the query is a bound
 * parameter. Each search word must match a part (catalogue-search.ts); the category and
 * equipment filters are plain conditions. A search takes its candidates from the word index;
 * without one (no search, or words too short) the chosen order's index is walked.
 */
export async function listParts(
  db: Database,
  accountId: string | null,
  query: ListQuery,
  lang: Language,
): Promise<SparePartPage> {
  const { words, where } = await catalogueFilter(db, accountId, query, lang);
  const request: PageRequest = {
    column: sortColumnOf(query.sort),
    descending: query.sort?.startsWith('-') ?? false,
    lang,
    offset: (query.page - 1) * query.pageSize,
    pageSize: query.pageSize,
  };
  const stream = candidateStream(
    words,
    lang,
    request.column === 'partNumber' && request.descending,
  );
  const { rows, total } = stream
    ? await pageFromCandidates(db, stream, where, request)
    : await pageInIndexOrder(db, where, request);
  return {
    items: await partSummaries(
      db,
      rows.map((row) => row.id),
      lang,
    ),
    total: Math.min(total, SPARE_PART_COUNT_CAP),
    totalCapped: total > SPARE_PART_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type CatalogueFilterQuery = Pick<ListQuery, 'search' | 'category' | 'equipment'>;

const sortColumnOf = (sort: ListQuery['sort']) =>
  (sort?.replace(/^-/, '') ?? 'partNumber') as SparePartSortColumn;

/** The search words and the condition a part must meet under the catalogue's filters. */
async function catalogueFilter(
  db: Database,
  accountId: string | null,
  query: CatalogueFilterQuery,
  lang: Language,
) {
  const modelId = query.equipment
    ? await requireOwnEquipmentModel(db, accountId, query.equipment)
    : undefined;
  const words = await resolveSearchWords(db, searchWords(query.search ?? ''), lang);
  const where = and(
    searchCondition(words, lang),
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
  return { words, where };
}

/**
 * Every part the catalogue's filters select, in the order chosen on screen, a batch at a time:
 * what an export writes. The screen's count cap and page ceiling do not apply, since an export
 * holds every match; each batch starts after the last part of the one before (on the sort key,
 * then the part number), so no batch makes the database skip rows and at most `batchSize`
 * parts are in memory at once.
 */
export async function* everyListedPart(
  db: Database,
  accountId: string | null,
  query: CatalogueFilterQuery & Pick<ListQuery, 'sort'>,
  lang: Language,
  batchSize = 500,
): AsyncGenerator<SparePartSummary> {
  const { where } = await catalogueFilter(db, accountId, query, lang);
  const column = sortColumnOf(query.sort);
  const descending = query.sort?.startsWith('-') ?? false;
  const key = column === 'partNumber' ? spareParts.partNumber : sortExpression(column, lang);
  const order =
    column === 'partNumber'
      ? [(descending ? desc : asc)(spareParts.partNumber)]
      : [(descending ? desc : asc)(key), asc(spareParts.partNumber)];
  let last: { key: unknown; partNumber: string } | undefined;
  for (;;) {
    const after = !last
      ? undefined
      : column === 'partNumber'
        ? (descending ? lt : gt)(spareParts.partNumber, last.partNumber)
        : or(
            descending ? sql`${key} < ${last.key}` : sql`${key} > ${last.key}`,
            and(sql`${key} = ${last.key}`, gt(spareParts.partNumber, last.partNumber)),
          );
    const rows = await db
      .select({ id: spareParts.id, key: sql<unknown>`${key}`, partNumber: spareParts.partNumber })
      .from(spareParts)
      .where(and(where, after))
      .orderBy(...order)
      .limit(batchSize);
    yield* await partSummaries(
      db,
      rows.map((row) => row.id),
      lang,
    );
    const end = rows[rows.length - 1];
    if (!end || rows.length < batchSize) return;
    last = end;
  }
}

/**
 * A page of a search, from the candidates the word index gives in part-number order: each one's
 * own row is checked against every condition. In that order the candidates are read only until
 * the page and the capped count are reached, so the cost follows the page, not how many parts
 * hold the word; in another order every match is read and sorted.
 */
async function pageFromCandidates(
  db: Database,
  stream: SQL,
  where: SQL | undefined,
  { column, descending, lang, offset, pageSize }: PageRequest,
): Promise<FoundPage> {
  const direction = descending ? sql`desc` : sql`asc`;
  const enough = Math.max(SPARE_PART_COUNT_CAP + 1, offset + pageSize);
  const readUntilEnough =
    column === 'partNumber'
      ? sql`order by candidate.part_number ${direction} limit ${enough}`
      : sql``;
  // The LIMIT 1 keeps the planner from turning the check into a join that reads the whole
  // catalogue first (it did, on a wrong guess of how many candidates there are).
  const matches = sql`select part.id, part.sort_key, candidate.part_number
    from ${stream} as candidate
    cross join lateral (
      select ${spareParts.id} as id, ${sortExpression(column, lang)} as sort_key
      from ${spareParts}
      where ${spareParts.partNumber} = candidate.part_number and ${where ?? sql`true`}
      limit 1
    ) as part
    ${readUntilEnough}`;
  const rows = await queryRows<{ id: string; total: string }>(
    db,
    sql`select id, count(*) over () as total from (${matches}) as matches
      order by sort_key ${direction}, part_number asc offset ${offset} limit ${pageSize}`,
  );
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  // A page past the end has no row to carry the count.
  const counted = await queryRows<{ total: string }>(
    db,
    sql`select count(*) as total from (${matches}) as matches`,
  );
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/**
 * A page in the order of a column's index, walked and filtered row by row: it stops after the
 * page when matches are common (no search, a category). The count stops past the cap: the whole
 * catalogue would otherwise be counted on every keystroke.
 */
async function pageInIndexOrder(
  db: Database,
  where: SQL | undefined,
  { column, descending, lang, offset, pageSize }: PageRequest,
): Promise<FoundPage> {
  const direction = descending ? desc : asc;
  const order =
    column === 'partNumber'
      ? [direction(spareParts.partNumber)]
      : [direction(sortExpression(column, lang)), asc(spareParts.partNumber)];
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
    .select({ id: spareParts.id })
    .from(spareParts)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset);
  const [rows, total] = await Promise.all([pageQuery, countMatches()]);
  return { rows, total };
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

function isStatementTimeout(error: unknown): boolean {
  for (let at: unknown = error; at; at = (at as { cause?: unknown }).cause) {
    if ((at as { code?: unknown }).code === QUERY_CANCELED) return true;
  }
  return false;
}

/**
 * Runs a search's statements in a transaction whose statements may each run `timeoutMs` at
 * most (`set_config(…, true)` is `SET LOCAL`: the connection goes back to the pool without it).
 * However the words and filters are chosen, a search cannot hold a connection and a core for
 * longer: it is answered `spareparts.search_too_broad` instead. PGlite accepts the setting but
 * cannot enforce it (no timer in its single process); there the minimum word length and the
 * page ceiling of the contract are what bound a search.
 */
export async function withSearchTimeout<T>(
  db: Database,
  timeoutMs: number,
  search: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      return search(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new DomainError('spareparts.search_too_broad');
    throw error;
  }
}
