import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SPARE_PART_COUNT_CAP,
  SparePartListQuerySchema,
  type Language,
  type SparePartListQuery,
} from '@portal/contract';
import type { Database, DatabaseHandle } from '../../db/client';
import { partCategories, spareParts } from '../../db/schema';
import { seedSparePartTaxonomy, seedSpareParts } from '../../seed/spare-parts-seed';
import { createTestDatabaseUrl, openMigratedDatabase } from '../../../test/test-server';
import { listParts } from './list-parts';
import { normalizeForSearch, searchColumn } from './search-text';

let database: DatabaseHandle;
let db: Database;
let dropDatabase: () => Promise<void>;
let rollersId: string;

beforeAll(async () => {
  const created = await createTestDatabaseUrl({ migrated: true });
  dropDatabase = created.drop;
  database = await openMigratedDatabase(created.url);
  db = database.db;
  await seedSparePartTaxonomy(db);
  await seedSpareParts(db, 1100);
  const [rollers] = await db
    .select()
    .from(partCategories)
    .where(eq(partCategories.code, 'rollers'));
  rollersId = rollers!.id;
}, 60_000);
afterAll(async () => {
  await database.close();
  await dropDatabase();
});

const part = (partNumber: string, en: string, fr = en) => ({
  partNumber,
  designationFr: fr,
  designationEn: en,
  categoryId: rollersId,
  unitPriceCents: 1000,
  searchFr: searchColumn(fr),
  searchEn: searchColumn(en),
});

/** Every page of a search, as part numbers. */
async function allMatches(query: SparePartListQuery, lang: Language) {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const parsed = SparePartListQuerySchema.parse({ ...query, page, pageSize: 100 });
    const result = await listParts(db, null, parsed, lang);
    numbers.push(...result.items.map((item) => item.partNumber));
    if (page * 100 >= result.total) return { numbers, total: result.total };
  }
}

/**
 * The rule, written independently of the SQL: a part matches a search word when its number
 * starts with the word, or when each piece of the word (split at white space and ASCII
 * punctuation other than '.', '%' and '_') starts a word of its designation.
 */
const SEPARATORS = /[\s!-$&-,/:-@[-^`{-~-]+/;
function matchesRule(row: { partNumber: string; search: string }, search: string) {
  const designationWords = row.search.split(SEPARATORS).filter(Boolean);
  return normalizeForSearch(search)
    .split(/\s+/)
    .filter(Boolean)
    .every(
      (word) =>
        row.partNumber.startsWith(word.toUpperCase()) ||
        (word.split(SEPARATORS).some(Boolean) &&
          word
            .split(SEPARATORS)
            .filter(Boolean)
            .every((piece) => designationWords.some((candidate) => candidate.startsWith(piece)))),
    );
}

const byteOrder = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

describe('catalogue search through the word index', () => {
  const searches: Array<[string, Language]> = [
    ['bear', 'en'],
    ['ring', 'en'],
    ['roulement billes', 'fr'],
    ['6204-2rs', 'en'],
    ['brg-00001', 'en'],
    ['gear pump', 'en'],
    ['pompe a', 'fr'],
    ['Ø32', 'fr'],
    ['m2.5', 'en'],
    ['vérin', 'fr'],
    ['roller 1', 'en'],
    // Parts found twice, by their number (ROL-) and by a word (roller): listed once.
    ['rol', 'en'],
  ];

  it.each(searches)(
    'finds exactly the parts the rule matches, "%s" (%s), in both orders',
    async (search, lang) => {
      const rows = await db
        .select({
          partNumber: spareParts.partNumber,
          search: lang === 'fr' ? spareParts.searchFr : spareParts.searchEn,
        })
        .from(spareParts);
      const expected = rows
        .filter((row) => matchesRule(row, search))
        .map((row) => row.partNumber)
        .sort(byteOrder);
      expect(expected.length, 'the search finds something').toBeGreaterThan(0);
      expect(expected.length).toBeLessThanOrEqual(SPARE_PART_COUNT_CAP);

      const ascending = await allMatches({ search }, lang);
      expect(ascending).toEqual({ numbers: expected, total: expected.length });
      const descending = await allMatches({ search, sort: '-partNumber' }, lang);
      expect(descending.numbers).toEqual([...expected].reverse());
      // Another order reads every match (no stream): the same parts.
      const byPrice = await allMatches({ search, sort: 'unitPrice' }, lang);
      expect([...byPrice.numbers].sort(byteOrder)).toEqual(expected);
    },
  );

  it('matches the start of a word, not its inside, and one word per language', async () => {
    const ring = await allMatches({ search: 'ring' }, 'en');
    const rows = await db
      .select({ partNumber: spareParts.partNumber, search: spareParts.searchEn })
      .from(spareParts)
      .where(inArray(spareParts.partNumber, ring.numbers));
    expect(rows.every((row) => /(^|[\s-])ring/.test(row.search))).toBe(true);
    expect((await allMatches({ search: 'earing' }, 'en')).total).toBe(0);
    expect((await allMatches({ search: 'roulement' }, 'en')).total).toBe(0);
  });

  it('follows the catalogue as parts are added, renamed, restocked and removed', async () => {
    await db.insert(spareParts).values(part('ZZW-0000001', 'Xylophone wheel'));
    expect((await allMatches({ search: 'xylo' }, 'en')).numbers).toEqual(['ZZW-0000001']);

    await db
      .update(spareParts)
      .set({ designationEn: 'Quokka wheel', searchEn: searchColumn('Quokka wheel') })
      .where(eq(spareParts.partNumber, 'ZZW-0000001'));
    expect((await allMatches({ search: 'xylo' }, 'en')).total).toBe(0);
    expect((await allMatches({ search: 'quokka' }, 'en')).numbers).toEqual(['ZZW-0000001']);
    // The French text did not change: its words are still found.
    expect((await allMatches({ search: 'xylophone' }, 'fr')).numbers).toEqual(['ZZW-0000001']);

    await db.update(spareParts).set({ stock: 7 }).where(eq(spareParts.partNumber, 'ZZW-0000001'));
    expect((await allMatches({ search: 'quokka' }, 'en')).total).toBe(1);

    await db.delete(spareParts).where(eq(spareParts.partNumber, 'ZZW-0000001'));
    expect((await allMatches({ search: 'quokka' }, 'en')).total).toBe(0);
  });

  it('counts up to the cap in part-number order and pages up to it', async () => {
    const many = Array.from({ length: SPARE_PART_COUNT_CAP + 5 }, (_, index) =>
      part(`ZZC-${String(index).padStart(7, '0')}`, `Capstan roller ${index}`),
    );
    await db.insert(spareParts).values(many);
    try {
      const query = (page: number, extra: Partial<SparePartListQuery> = {}) =>
        listParts(
          db,
          null,
          SparePartListQuerySchema.parse({ search: 'capstan', page, ...extra }),
          'en',
        );
      const first = await query(1);
      expect(first).toMatchObject({ total: SPARE_PART_COUNT_CAP, totalCapped: true });
      expect(first.items.map((item) => item.partNumber)).toEqual(
        many.slice(0, 25).map((row) => row.partNumber),
      );
      // The last page inside the cap holds the parts in that place; a page past it is refused.
      const lastPage = await query(40);
      expect(lastPage.items.map((item) => item.partNumber)).toEqual(
        many.slice(975, 1000).map((row) => row.partNumber),
      );
      expect(() => query(41)).toThrow(/page_too_deep/);
      const lastFirst = await query(1, { sort: '-partNumber', pageSize: 50 });
      expect(lastFirst.items[0]?.partNumber).toBe(many.at(-1)!.partNumber);
    } finally {
      await db.delete(spareParts).where(
        inArray(
          spareParts.partNumber,
          many.map((row) => row.partNumber),
        ),
      );
    }
  });
});
