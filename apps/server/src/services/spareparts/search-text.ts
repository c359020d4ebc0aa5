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

/**
 * The indexed search column of a part in one language: its designation, normalised. Part
 * numbers are matched by prefix on their own index: their "000"-like trigrams are in every part
 * and would make each trigram lookup read the whole index.
 */
export function searchColumn(designation: string): string {
  return normalizeForSearch(designation);
}

/** More words than this add nothing but work: each is one more index condition. */
const MAX_SEARCH_WORDS = 6;

/** A word of a search, as LIKE patterns: inside the designation, or the start of a part number. */
export interface SearchTerm {
  inDesignation: string;
  partNumberPrefix: string;
  /** Three characters or more: the trigram index can find the designations holding it. */
  isIndexed: boolean;
}

/** The user's `%`, `_` and `\` match themselves, nothing more. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The distinct words of a search; a part must match each of them (in either way). */
export function searchTerms(search: string): SearchTerm[] {
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map((word) => ({
    inDesignation: `%${escapeLike(word)}%`,
    partNumberPrefix: `${escapeLike(word.toUpperCase())}%`,
    isIndexed: [...word].length >= 3,
  }));
}
