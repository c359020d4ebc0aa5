// No zod here: the spare-parts screen and the shell's cart read these constants, and must not
// pull the validation library in with them (the schemas are in spareparts.ts).

/** Page sizes the catalogue table offers (DESIGN §8 "Spare parts"). */
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
 * The catalogue counts matches up to this many: past it, the page says "more than 1,000" and
 * asks for a narrower search, instead of every keystroke counting 100,000 rows.
 */
export const SPARE_PART_COUNT_CAP = 1000;

/** Quantities per cart line and quote line. */
export const PART_QUANTITY_MAX = 999;

export const quoteStatuses = ['submitted', 'quoted', 'ordered', 'declined'] as const;
