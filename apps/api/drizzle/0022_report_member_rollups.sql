CREATE TABLE "report_member_activity" (
	"is_active" boolean NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_member_activity_is_active_hour_pk" PRIMARY KEY("is_active","hour")
);
--> statement-breakpoint
CREATE TABLE "report_member_birth_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_member_births" (
	"birth_at" date PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_member_totals" (
	"is_active" boolean PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "members_last_active_idx" ON "members" USING btree ("last_active_at") WHERE "members"."is_active";--> statement-breakpoint
-- Hand-written below (drizzle-kit declares neither rows nor triggers).
-- The pies of members by age and by activity read rollups kept in the transaction of every change, like the daily
-- rollups of 0009: one statement-level trigger per operation, one aggregate per statement however many rows it
-- touches, each row's old contribution out and its new one in (a change that moves nothing writes nothing).
-- Births: a row per birth date ('-infinity': none given) and per year of birth. Activity: a row per blocked-or-not
-- and UTC hour of the last activity ('-infinity': never), and one per blocked-or-not. Every rollup in one statement
-- (data-modifying CTEs all run, read or not), spelled out per operation: only INSERT has new rows, DELETE old ones,
-- and a static statement's plan is kept for the session where EXECUTE of one text would plan it on every write.
CREATE FUNCTION "report_members_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "report_member_births";
    DELETE FROM "report_member_birth_years";
    DELETE FROM "report_member_activity";
    DELETE FROM "report_member_totals";
  ELSIF TG_OP = 'INSERT' THEN
    WITH "delta" AS (
    SELECT coalesce("birth_at", '-infinity'::date) AS "birth_at", "is_active",
      coalesce(date_trunc('hour', "last_active_at", 'UTC'), '-infinity'::timestamptz) AS "hour", 1 AS "n"
    FROM new_rows
    ), "births" AS (
      INSERT INTO "report_member_births" AS s ("birth_at", "members")
      SELECT "birth_at", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
      ON CONFLICT ("birth_at") DO UPDATE SET "members" = s."members" + excluded."members"
    ), "years" AS (
      INSERT INTO "report_member_birth_years" AS s ("year", "members")
      SELECT extract(year FROM "birth_at")::integer, sum("n") FROM "delta" WHERE "birth_at" <> '-infinity'
      GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
      ON CONFLICT ("year") DO UPDATE SET "members" = s."members" + excluded."members"
    ), "activity" AS (
      INSERT INTO "report_member_activity" AS s ("is_active", "hour", "members")
      SELECT "is_active", "hour", sum("n") FROM "delta" GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
      ON CONFLICT ("is_active", "hour") DO UPDATE SET "members" = s."members" + excluded."members"
    )
    INSERT INTO "report_member_totals" AS s ("is_active", "members")
    SELECT "is_active", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("is_active") DO UPDATE SET "members" = s."members" + excluded."members";
  ELSIF TG_OP = 'DELETE' THEN
    WITH "delta" AS (
    SELECT coalesce("birth_at", '-infinity'::date) AS "birth_at", "is_active",
      coalesce(date_trunc('hour', "last_active_at", 'UTC'), '-infinity'::timestamptz) AS "hour", -1 AS "n"
    FROM old_rows
    ), "births" AS (
      INSERT INTO "report_member_births" AS s ("birth_at", "members")
      SELECT "birth_at", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
      ON CONFLICT ("birth_at") DO UPDATE SET "members" = s."members" + excluded."members"
    ), "years" AS (
      INSERT INTO "report_member_birth_years" AS s ("year", "members")
      SELECT extract(year FROM "birth_at")::integer, sum("n") FROM "delta" WHERE "birth_at" <> '-infinity'
      GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
      ON CONFLICT ("year") DO UPDATE SET "members" = s."members" + excluded."members"
    ), "activity" AS (
      INSERT INTO "report_member_activity" AS s ("is_active", "hour", "members")
      SELECT "is_active", "hour", sum("n") FROM "delta" GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
      ON CONFLICT ("is_active", "hour") DO UPDATE SET "members" = s."members" + excluded."members"
    )
    INSERT INTO "report_member_totals" AS s ("is_active", "members")
    SELECT "is_active", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("is_active") DO UPDATE SET "members" = s."members" + excluded."members";
  ELSE
    WITH "delta" AS (
    SELECT coalesce("birth_at", '-infinity'::date) AS "birth_at", "is_active",
      coalesce(date_trunc('hour', "last_active_at", 'UTC'), '-infinity'::timestamptz) AS "hour", 1 AS "n"
    FROM new_rows
    UNION ALL
    SELECT coalesce("birth_at", '-infinity'::date) AS "birth_at", "is_active",
      coalesce(date_trunc('hour', "last_active_at", 'UTC'), '-infinity'::timestamptz) AS "hour", -1 AS "n"
    FROM old_rows
    ), "births" AS (
      INSERT INTO "report_member_births" AS s ("birth_at", "members")
      SELECT "birth_at", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
      ON CONFLICT ("birth_at") DO UPDATE SET "members" = s."members" + excluded."members"
    ), "years" AS (
      INSERT INTO "report_member_birth_years" AS s ("year", "members")
      SELECT extract(year FROM "birth_at")::integer, sum("n") FROM "delta" WHERE "birth_at" <> '-infinity'
      GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
      ON CONFLICT ("year") DO UPDATE SET "members" = s."members" + excluded."members"
    ), "activity" AS (
      INSERT INTO "report_member_activity" AS s ("is_active", "hour", "members")
      SELECT "is_active", "hour", sum("n") FROM "delta" GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
      ON CONFLICT ("is_active", "hour") DO UPDATE SET "members" = s."members" + excluded."members"
    )
    INSERT INTO "report_member_totals" AS s ("is_active", "members")
    SELECT "is_active", sum("n") FROM "delta" GROUP BY 1 HAVING sum("n") <> 0 ORDER BY 1
    ON CONFLICT ("is_active") DO UPDATE SET "members" = s."members" + excluded."members";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_rollups_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_members_apply"();--> statement-breakpoint
CREATE TRIGGER "members_rollups_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_members_apply"();--> statement-breakpoint
CREATE TRIGGER "members_rollups_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_members_apply"();--> statement-breakpoint
CREATE TRIGGER "members_rollups_truncate" AFTER TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_members_apply"();--> statement-breakpoint
-- The members already there.
INSERT INTO "report_member_births" ("birth_at", "members")
SELECT coalesce("birth_at", '-infinity'::date), count(*) FROM "members" GROUP BY 1;--> statement-breakpoint
INSERT INTO "report_member_birth_years" ("year", "members")
SELECT extract(year FROM "birth_at")::integer, count(*) FROM "members" WHERE "birth_at" IS NOT NULL GROUP BY 1;--> statement-breakpoint
INSERT INTO "report_member_activity" ("is_active", "hour", "members")
SELECT "is_active", coalesce(date_trunc('hour', "last_active_at", 'UTC'), '-infinity'::timestamptz), count(*)
FROM "members" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "report_member_totals" ("is_active", "members")
SELECT "is_active", count(*) FROM "members" GROUP BY 1;
