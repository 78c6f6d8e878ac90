CREATE TABLE "city_search_word_pairs" (
	"city_id" integer NOT NULL,
	"at" integer NOT NULL,
	"first_word" text NOT NULL,
	"next_word" text NOT NULL,
	"name" text NOT NULL,
	"pair_key" text GENERATED ALWAYS AS (right(first_word, 2) || ' ' || left(next_word, 2)) STORED NOT NULL,
	CONSTRAINT "city_search_word_pairs_city_id_at_pk" PRIMARY KEY("city_id","at")
);
--> statement-breakpoint
CREATE INDEX "city_search_word_pairs_key_idx" ON "city_search_word_pairs" USING btree ("pair_key","name","city_id","first_word","next_word");--> statement-breakpoint
-- Hand-written below (drizzle-kit declares neither functions nor triggers).
-- A search of several words ("san tl") was read through the trigram index, whose entries for word starts and ends
-- (" tl", "an ") are long lists: about 10 ms of PostgreSQL to intersect them, then the few thousand rows proposed
-- sorted into name order (p95 over 100 ms at ten connections). Each pair of words next to each other in the
-- search text is now a row here, kept in the transaction of every change like the trigram counts of 0027: a
-- city's pairs out and its new ones in when its text or name changes (a change that moves neither writes nothing).
-- A term "w1 w2" is in the text exactly when some pair's first word ends with w1 and its next word starts with w2
-- (a space only ever sits between two words): one equality probe of the index on the pair's key finds those
-- pairs, already in name order.
CREATE FUNCTION "city_search_word_pairs_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "city_search_word_pairs";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "city_search_word_pairs" ("city_id", "at", "first_word", "next_word", "name")
    SELECT n."id", "at", "words"["at"], "words"["at" + 1], n."name"
    FROM new_rows n, string_to_array(n."search_text", ' ') AS "words",
      generate_series(1, cardinality("words") - 1) AS "at";
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM "city_search_word_pairs" p USING old_rows o WHERE p."city_id" = o."id";
  ELSE
    DELETE FROM "city_search_word_pairs" p USING old_rows o, new_rows n
    WHERE p."city_id" = o."id" AND n."id" = o."id"
      AND (n."search_text", n."name") IS DISTINCT FROM (o."search_text", o."name");
    INSERT INTO "city_search_word_pairs" ("city_id", "at", "first_word", "next_word", "name")
    SELECT n."id", "at", "words"["at"], "words"["at" + 1], n."name"
    FROM old_rows o JOIN new_rows n ON n."id" = o."id", string_to_array(n."search_text", ' ') AS "words",
      generate_series(1, cardinality("words") - 1) AS "at"
    WHERE (n."search_text", n."name") IS DISTINCT FROM (o."search_text", o."name");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cities_search_word_pairs_insert" AFTER INSERT ON "cities" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_word_pairs_apply"();--> statement-breakpoint
CREATE TRIGGER "cities_search_word_pairs_update" AFTER UPDATE ON "cities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_word_pairs_apply"();--> statement-breakpoint
CREATE TRIGGER "cities_search_word_pairs_delete" AFTER DELETE ON "cities" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_word_pairs_apply"();--> statement-breakpoint
CREATE TRIGGER "cities_search_word_pairs_truncate" AFTER TRUNCATE ON "cities"
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_word_pairs_apply"();--> statement-breakpoint
-- The cities already there.
INSERT INTO "city_search_word_pairs" ("city_id", "at", "first_word", "next_word", "name")
SELECT c."id", "at", "words"["at"], "words"["at" + 1], c."name"
FROM "cities" c, string_to_array(c."search_text", ' ') AS "words", generate_series(1, cardinality("words") - 1) AS "at";
