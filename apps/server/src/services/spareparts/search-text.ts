/**
 * What the catalogue search compares: lower case, accents removed, so "poulie", "Poulie" and
 * "poulié" meet. The same function builds the indexed columns and the words of a query, which is
 * why it lives in one place.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The indexed search column of a part: its number and its designation in one language. */
export function searchColumn(partNumber: string, designation: string): string {
  return normalizeForSearch(`${partNumber} ${designation}`);
}

/** More words than this add nothing but work: each is one more index condition. */
const MAX_SEARCH_WORDS = 6;

/**
 * The words of a search, each to be found somewhere in the search column, as LIKE patterns with
 * the wildcards of the user's text escaped (a `%` typed by the user matches a `%`, nothing more).
 */
export function searchPatterns(search: string): string[] {
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  return [...new Set(words)]
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
}
