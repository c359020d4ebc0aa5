// No zod here: the spare-parts screen and the shell's cart read these constants, and must not
// pull the validation library in with them (the schemas are in spareparts.ts).

/** Page sizes the catalogue table offers. */
export const sparePartPageSizes = [25, 50, 100] as const;
export type SparePartPageSize = (typeof sparePartPageSizes)[number];

/** Columns the catalogue can be sorted on; `-column` sorts descending, no `sort` keeps the default. */
export const sparePartSortColumns = [
  'partNumber',
  'designation',
  'category',
  'availability',
  'unitPrice',
] as const;
export type SparePartSortColumn = (typeof sparePartSortColumns)[number];

/** Search text above this length is refused (field.too_long). */
export const SPARE_PART_SEARCH_MAX = 100;

/**
 * A search needs a word of this many letters or digits: the word index holds such words, and a
 * search of shorter ones only could be answered by reading the whole catalogue.
 */
export const SPARE_PART_SEARCH_MIN_WORD = 3;

/** Whether `search` has a word the catalogue can look up (see SPARE_PART_SEARCH_MIN_WORD). */
export function isSearchable(search: string): boolean {
  return search
    .split(/\s+/)
    .some((word) => (word.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= SPARE_PART_SEARCH_MIN_WORD);
}

/**
 * The catalogue counts matches up to this many: past it, the page says "more than 1,000" and
 * asks for a narrower search, instead of every keystroke counting 100,000 rows.
 */
export const SPARE_PART_COUNT_CAP = 1000;

/**
 * Pages end at the last counted match: a page past it is refused (field.page_too_deep), so no
 * request can make the database skip through thousands of rows to an offset.
 */
export const SPARE_PART_BROWSE_MAX = SPARE_PART_COUNT_CAP;

/** Quantities per cart line and quote line. */
export const PART_QUANTITY_MAX = 999;
