CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "tools_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Issue 29: the lexicon follows the tools. Words are taken in order, so two tools saved together
-- lock the same new words in the same order (no deadlock); a stock change fires nothing.
CREATE FUNCTION "tools_search_lexicon"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_lexicon" ("word")
    SELECT DISTINCT w FROM regexp_split_to_table(NEW."search_text", '[^[:alnum:]]+') AS w
    WHERE length(w) >= 3 AND w ~ '[[:alpha:]]'
    ORDER BY w
    ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_search_lexicon" AFTER INSERT OR UPDATE OF "name", "part_number", "specs" ON "tools"
  FOR EACH ROW EXECUTE FUNCTION "tools_search_lexicon"();--> statement-breakpoint
INSERT INTO "search_lexicon" ("word")
  SELECT DISTINCT w FROM "tools", regexp_split_to_table("tools"."search_text", '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3 AND w ~ '[[:alpha:]]'
  ON CONFLICT ("word") DO NOTHING;
