import { and, like, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@portal/contract';
import { queryRows, type Database } from '../../db/client';
import { spareParts, sparePartWords } from '../../db/schema';
import { INDEXED_WORD_MIN_LENGTH, type SearchWord } from './search-text';

/**
 * A catalogue word prefix that starts more indexed words than this is read off the parts' text
 * instead: each indexed word is one more index range to merge.
 */
const MAX_WORDS_PER_PREFIX = 32;

/** A catalogue word of a search word, and the indexed words it is the start of. */
interface SearchPrefix {
  text: string;
  /** Undefined when the word index cannot answer it (too short, or too many words). */
  indexedWords: string[] | undefined;
}

/** A search word with what the database made of it. */
export interface ResolvedSearchWord extends SearchWord {
  prefixes: SearchPrefix[];
}

/**
 * Splits each search word into catalogue words the way the database splits designations, and
 * lists the indexed words each one starts ("bear" → bearing, bearings), in one query: the
 * vocabulary is walked word by word (a loose index scan), never part by part.
 */
export async function resolveSearchWords(
  db: Database,
  words: SearchWord[],
  lang: Language,
): Promise<ResolvedSearchWord[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<{ position: string; prefix: string; indexed: string[] | null }>(
    db,
    sql`
      select searched.position, prefix, case when length(prefix) >= ${INDEXED_WORD_MIN_LENGTH}
        then array(
          with recursive vocabulary(word) as (
            (select word from ${sparePartWords}
             where lang = ${lang} and word >= prefix order by word limit 1)
            union all
            (select (select next.word from ${sparePartWords} as next
                     where next.lang = ${lang} and next.word > vocabulary.word
                     order by next.word limit 1)
             from vocabulary where starts_with(vocabulary.word, prefix))
          )
          select word from vocabulary where starts_with(word, prefix)
          limit ${MAX_WORDS_PER_PREFIX + 1})
        end as indexed
      from jsonb_array_elements_text(${JSON.stringify(words.map((word) => word.text))}::jsonb)
        with ordinality as searched(text, position),
        catalogue_words(searched.text) as prefix`,
  );
  return words.map((word, index) => ({
    ...word,
    prefixes: rows
      .filter((row) => Number(row.position) === index + 1)
      .map((row) => ({
        text: row.prefix,
        indexedWords:
          row.indexed && row.indexed.length <= MAX_WORDS_PER_PREFIX ? row.indexed : undefined,
      })),
  }));
}

const searchColumnOf = (lang: Language) =>
  lang === 'fr' ? spareParts.searchFr : spareParts.searchEn;

/**
 * Whether a part matches a search word, read off its own row: the start of its part number, or
 * every prefix at the start of a word of its designation. Cheap on the candidates of a stream.
 */
function matchesOnRow(word: ResolvedSearchWord, lang: Language): SQL {
  const column = searchColumnOf(lang);
  const inDesignation = word.prefixes.map(
    (prefix) => sql`catalogue_has_word_starting(${column}, ${prefix.text})`,
  );
  // `or` of conditions that all exist is never undefined; were it, nothing would match.
  return (
    or(
      like(spareParts.partNumber, word.partNumberPrefix),
      inDesignation.length > 0 ? and(...inDesignation) : sql`false`,
    ) ?? sql`false`
  );
}

/** Every search word, as a condition on a part's own row. */
export function searchCondition(words: ResolvedSearchWord[], lang: Language): SQL | undefined {
  return and(...words.map((word) => matchesOnRow(word, lang)));
}

/**
 * The part numbers that may match the search, in part-number order, each once: the parts whose
 * number starts with one search word, or that hold an indexed word one of its prefixes starts.
 * Each is an index range already in that order; Merge Append interleaves them and the window
 * drops repeats, so a page in that order reads only as far as it shows. Undefined when no word
 * can lead (every prefix too short or too common): the caller then walks an index instead.
 */
export function candidateStream(
  words: ResolvedSearchWord[],
  lang: Language,
  descending: boolean,
): SQL | undefined {
  // The longest indexed prefix is the likeliest to be rare.
  const leads = words.flatMap((word) =>
    word.prefixes.flatMap(({ indexedWords, text }) =>
      indexedWords === undefined ? [] : [{ word, indexedWords, length: text.length }],
    ),
  );
  const lead = leads.sort((x, y) => y.length - x.length)[0];
  if (!lead) return undefined;
  const direction = descending ? sql`desc` : sql`asc`;
  const ranges = [
    sql`(select ${spareParts.partNumber} as part_number from ${spareParts}
         where ${like(spareParts.partNumber, lead.word.partNumberPrefix)}
         order by ${spareParts.partNumber} ${direction})`,
    ...lead.indexedWords.map(
      (word) => sql`(select ${sparePartWords.partNumber} as part_number from ${sparePartWords}
         where ${sparePartWords.lang} = ${lang} and ${sparePartWords.word} = ${word}
         order by ${sparePartWords.partNumber} ${direction})`,
    ),
  ];
  return sql`(select part_number from (
      select part_number, lag(part_number) over (order by part_number ${direction}) as previous
      from (${sql.join(ranges, sql` union all `)}) as ranges
    ) as ordered where previous is distinct from part_number)`;
}
