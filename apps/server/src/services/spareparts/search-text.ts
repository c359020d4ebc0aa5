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
 * The search column of a part in one language: its designation, normalised. Its words (split by
 * the database's `catalogue_words`, migration 0006) are what a search word is compared with.
 */
export function searchColumn(designation: string): string {
  return normalizeForSearch(designation);
}

/** More words than this add nothing but work: each is one more condition. */
const MAX_SEARCH_WORDS = 6;

/**
 * The word index holds words of this many characters or more (migration 0006): a shorter word
 * of a search is looked for in the text of the parts the other words find.
 */
export const INDEXED_WORD_MIN_LENGTH = 3;

/** A word of a search as the user typed it between spaces, e.g. "brg-0001" or "6204-2rs". */
export interface SearchWord {
  /** Normalised; the database splits it into catalogue words ("6204", "2rs"). */
  text: string;
  /** LIKE pattern: the start of a part number. */
  partNumberPrefix: string;
}

/** The user's `%`, `_` and `\` match themselves, nothing more. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The distinct words of a search; a part must match each of them: by the start of its part
 * number, or by having, for each catalogue word of it, a word of the designation that starts so.
 */
export function searchWords(search: string): SearchWord[] {
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map((word) => ({
    text: word,
    partNumberPrefix: `${escapeLike(word.toUpperCase())}%`,
  }));
}
