CREATE TABLE "city_search_trigrams" (
	"trigram" text PRIMARY KEY NOT NULL,
	"cities" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below (drizzle-kit declares neither functions nor triggers).
-- A city search's total was counted from the trigram index: up to 1,001 matching rows read from all over the table
-- (about 4 ms of a rare term's 6), or its page read after an EXPLAIN. How many cities hold each ASCII trigram of
-- their search text is now kept in the transaction of every change, like the report rollups of 0022: one
-- statement-level trigger per operation, each row's old trigrams out and its new ones in (a change that moves
-- nothing writes nothing), the trigrams in order so that concurrent writers lock their rows in the same order.
-- A trigram here is three ASCII letters or digits in a row of the text itself (not pg_trgm's words, whose
-- multibyte trigrams are hashed into three bytes that can look like ASCII ones): a three-character term matches
-- exactly the rows counted under it.
-- (Tested position by position: splitting the text into runs first took nine times longer on a million cities.)
CREATE FUNCTION "ascii_trigrams"("text" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr("text", "at", 3) FROM generate_series(1, length("text") - 2) AS "at"
  WHERE substr("text", "at", 3) ~ '^[a-z0-9]{3}$'
$$;--> statement-breakpoint
CREATE FUNCTION "city_search_trigrams_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "city_search_trigrams";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "city_search_trigrams" AS s ("trigram", "cities")
    SELECT "gram", count(*) FROM new_rows, "ascii_trigrams"(new_rows."search_text") AS "gram" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("trigram") DO UPDATE SET "cities" = s."cities" + excluded."cities";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "city_search_trigrams" AS s ("trigram", "cities")
    SELECT "gram", -count(*) FROM old_rows, "ascii_trigrams"(old_rows."search_text") AS "gram" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("trigram") DO UPDATE SET "cities" = s."cities" + excluded."cities";
  ELSE
    WITH "delta" AS (
      SELECT "gram", 1 AS "n" FROM new_rows, "ascii_trigrams"(new_rows."search_text") AS "gram"
      UNION ALL
      SELECT "gram", -1 AS "n" FROM old_rows, "ascii_trigrams"(old_rows."search_text") AS "gram"
    )
    INSERT INTO "city_search_trigrams" AS s ("trigram", "cities")
    SELECT "gram", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("trigram") DO UPDATE SET "cities" = s."cities" + excluded."cities";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "cities_search_trigrams_insert" AFTER INSERT ON "cities" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_trigrams_apply"();--> statement-breakpoint
CREATE TRIGGER "cities_search_trigrams_update" AFTER UPDATE ON "cities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_trigrams_apply"();--> statement-breakpoint
CREATE TRIGGER "cities_search_trigrams_delete" AFTER DELETE ON "cities" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_trigrams_apply"();--> statement-breakpoint
CREATE TRIGGER "cities_search_trigrams_truncate" AFTER TRUNCATE ON "cities"
  FOR EACH STATEMENT EXECUTE FUNCTION "city_search_trigrams_apply"();--> statement-breakpoint
-- The cities already there.
INSERT INTO "city_search_trigrams" ("trigram", "cities")
SELECT "gram", count(*) FROM "cities", "ascii_trigrams"("cities"."search_text") AS "gram" GROUP BY 1;
