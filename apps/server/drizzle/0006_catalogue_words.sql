-- The catalogue's word index (decision 011): a search word is a range of spare_part_words in
-- part-number order, read only as far as the page needs, instead of every part holding it.
-- Part numbers are byte-ordered so that one btree gives both their prefix search and that order.
ALTER TABLE "spare_parts" ALTER COLUMN "part_number" SET DATA TYPE text collate "C";
--> statement-breakpoint
DROP INDEX "spare_parts_search_fr_idx";
--> statement-breakpoint
DROP INDEX "spare_parts_search_en_idx";
--> statement-breakpoint
DROP INDEX "spare_parts_part_number_prefix_idx";
--> statement-breakpoint
CREATE TABLE "spare_part_words" (
	"lang" text collate "C" NOT NULL,
	"word" text collate "C" NOT NULL,
	"part_number" text collate "C" NOT NULL,
	CONSTRAINT "spare_part_words_lang_word_part_number_pk" PRIMARY KEY("lang","word","part_number")
);
--> statement-breakpoint
-- The words of a normalised text (services/spareparts/search-text.ts): it is split on white space
-- and ASCII punctuation, except '.', '%' and '_', which stay inside a word ("m2.5", "100%").
CREATE FUNCTION catalogue_words(search text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word
  FROM regexp_split_to_table(search, '[[:space:]!-$&-,/:-@[-^`{-~-]+') AS word
  WHERE word <> ''
$$;
--> statement-breakpoint
-- Whether a word of `search` starts with `prefix`, itself one of catalogue_words: the same
-- separators, read off the text itself, for the conditions the word index does not drive.
CREATE FUNCTION catalogue_has_word_starting(search text, prefix text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search ~ ('(^|[[:space:]!-$&-,/:-@[-^`{-~-])' || replace(prefix, '.', '\.'))
$$;
--> statement-breakpoint
-- The indexed words of a part: three characters or more (shorter ones are read off the text).
CREATE FUNCTION spare_part_words_of(part spare_parts) RETURNS TABLE (lang text, word text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'fr', word FROM catalogue_words(part.search_fr) AS word WHERE length(word) >= 3
  UNION ALL
  SELECT 'en', word FROM catalogue_words(part.search_en) AS word WHERE length(word) >= 3
$$;
--> statement-breakpoint
-- spare_part_words follows spare_parts statement by statement, whoever writes (seed, import).
CREATE FUNCTION spare_part_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO spare_part_words (lang, word, part_number)
    SELECT word.lang, word.word, part.part_number FROM new_parts AS part, spare_part_words_of(part) AS word;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM spare_part_words AS indexed
    USING old_parts AS part, spare_part_words_of(part) AS word
    WHERE (indexed.lang, indexed.word, indexed.part_number) = (word.lang, word.word, part.part_number);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the parts whose number or text changed (a stock update changes no word).
    DELETE FROM spare_part_words AS indexed
    USING old_parts AS old_part JOIN new_parts AS new_part USING (id),
      spare_part_words_of(old_part) AS word
    WHERE (new_part.part_number, new_part.search_fr, new_part.search_en)
        IS DISTINCT FROM (old_part.part_number, old_part.search_fr, old_part.search_en)
      AND (indexed.lang, indexed.word, indexed.part_number)
        = (word.lang, word.word, old_part.part_number);
    INSERT INTO spare_part_words (lang, word, part_number)
    SELECT word.lang, word.word, new_part.part_number
    FROM new_parts AS new_part JOIN old_parts AS old_part USING (id),
      spare_part_words_of(new_part) AS word
    WHERE (new_part.part_number, new_part.search_fr, new_part.search_en)
      IS DISTINCT FROM (old_part.part_number, old_part.search_fr, old_part.search_en);
  ELSIF TG_OP = 'TRUNCATE' THEN
    TRUNCATE spare_part_words;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spare_part_words_after_insert AFTER INSERT ON spare_parts
  REFERENCING NEW TABLE AS new_parts FOR EACH STATEMENT EXECUTE FUNCTION spare_part_words_follow();
--> statement-breakpoint
CREATE TRIGGER spare_part_words_after_update AFTER UPDATE ON spare_parts
  REFERENCING OLD TABLE AS old_parts NEW TABLE AS new_parts
  FOR EACH STATEMENT EXECUTE FUNCTION spare_part_words_follow();
--> statement-breakpoint
CREATE TRIGGER spare_part_words_after_delete AFTER DELETE ON spare_parts
  REFERENCING OLD TABLE AS old_parts FOR EACH STATEMENT EXECUTE FUNCTION spare_part_words_follow();
--> statement-breakpoint
CREATE TRIGGER spare_part_words_after_truncate AFTER TRUNCATE ON spare_parts
  FOR EACH STATEMENT EXECUTE FUNCTION spare_part_words_follow();
--> statement-breakpoint
INSERT INTO spare_part_words (lang, word, part_number)
SELECT word.lang, word.word, part.part_number FROM spare_parts AS part, spare_part_words_of(part) AS word;
