CREATE TABLE "fee_settings" (
	"code" text PRIMARY KEY NOT NULL,
	"value" numeric(5, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_settings_code" CHECK ("fee_settings"."code" in ('guest', 'host', 'IVA')),
	CONSTRAINT "fee_settings_value" CHECK ("fee_settings"."value" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "report_daily_bookings" (
	"day" date PRIMARY KEY NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"income" numeric(16, 2) DEFAULT '0' NOT NULL,
	"fee" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_to_owners" numeric(16, 2) DEFAULT '0' NOT NULL,
	"pending_payments_owner" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_sign_ups" (
	"day" date PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"boxes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bookings_upcoming_idx" ON "bookings" USING btree ("starts_at","id") WHERE "bookings"."status" in ('pending', 'accepted', 'partial');--> statement-breakpoint
-- Hand-written below (drizzle-kit declares neither rows nor triggers).
-- The rates in force until staff change them: what bookings were charged before the settings existed.
INSERT INTO "fee_settings" ("code", "value") VALUES ('guest', 7.50), ('host', 5.00), ('IVA', 16.00);--> statement-breakpoint
-- The dashboard's daily rollups, kept in the transaction of every change by statement-level triggers (one
-- aggregate per statement, however many rows it touches): a report of any range reads one row per day. Days are the
-- marketplace's calendar (America/Mexico_City, REPORT_TIME_ZONE in packages/shared). A booking counts from the
-- capture of its payment until it is canceled; its owner's part is paid once a payment reference is recorded.
CREATE FUNCTION "report_daily_bookings_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "report_daily_bookings";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily_bookings" AS s
      ("day", "bookings", "income", "fee", "paid_to_owners", "pending_payments_owner")
    SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, count(*), sum("total"),
      sum("guest_fee" + "host_fee"),
      coalesce(sum("owner_total") FILTER (WHERE "owner_payment_reference" IS NOT NULL), 0),
      coalesce(sum("owner_total") FILTER (WHERE "owner_payment_reference" IS NULL), 0)
    FROM new_rows WHERE "payment_status" = 'capture' AND "status" <> 'canceled'
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "bookings" = s."bookings" + excluded."bookings",
      "income" = s."income" + excluded."income", "fee" = s."fee" + excluded."fee",
      "paid_to_owners" = s."paid_to_owners" + excluded."paid_to_owners",
      "pending_payments_owner" = s."pending_payments_owner" + excluded."pending_payments_owner";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily_bookings" AS s
      ("day", "bookings", "income", "fee", "paid_to_owners", "pending_payments_owner")
    SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, -count(*), -sum("total"),
      -sum("guest_fee" + "host_fee"),
      -coalesce(sum("owner_total") FILTER (WHERE "owner_payment_reference" IS NOT NULL), 0),
      -coalesce(sum("owner_total") FILTER (WHERE "owner_payment_reference" IS NULL), 0)
    FROM old_rows WHERE "payment_status" = 'capture' AND "status" <> 'canceled'
    GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "bookings" = s."bookings" + excluded."bookings",
      "income" = s."income" + excluded."income", "fee" = s."fee" + excluded."fee",
      "paid_to_owners" = s."paid_to_owners" + excluded."paid_to_owners",
      "pending_payments_owner" = s."pending_payments_owner" + excluded."pending_payments_owner";
  ELSE
    -- An update: each row's old contribution out, its new one in; a change that moves nothing writes nothing.
    INSERT INTO "report_daily_bookings" AS s
      ("day", "bookings", "income", "fee", "paid_to_owners", "pending_payments_owner")
    SELECT "day", sum("n"), sum("income"), sum("fee"), sum("paid"), sum("pending")
    FROM (
      SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date AS "day", 1 AS "n", "total" AS "income",
        "guest_fee" + "host_fee" AS "fee",
        CASE WHEN "owner_payment_reference" IS NOT NULL THEN "owner_total" ELSE 0 END AS "paid",
        CASE WHEN "owner_payment_reference" IS NULL THEN "owner_total" ELSE 0 END AS "pending"
      FROM new_rows WHERE "payment_status" = 'capture' AND "status" <> 'canceled'
      UNION ALL
      SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, -1, -"total", -("guest_fee" + "host_fee"),
        CASE WHEN "owner_payment_reference" IS NOT NULL THEN -"owner_total" ELSE 0 END,
        CASE WHEN "owner_payment_reference" IS NULL THEN -"owner_total" ELSE 0 END
      FROM old_rows WHERE "payment_status" = 'capture' AND "status" <> 'canceled'
    ) AS delta
    GROUP BY "day"
    HAVING sum("n") <> 0 OR sum("income") <> 0 OR sum("fee") <> 0 OR sum("paid") <> 0 OR sum("pending") <> 0
    ORDER BY "day"
    ON CONFLICT ("day") DO UPDATE SET "bookings" = s."bookings" + excluded."bookings",
      "income" = s."income" + excluded."income", "fee" = s."fee" + excluded."fee",
      "paid_to_owners" = s."paid_to_owners" + excluded."paid_to_owners",
      "pending_payments_owner" = s."pending_payments_owner" + excluded."pending_payments_owner";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_report_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_bookings_apply"();--> statement-breakpoint
CREATE TRIGGER "bookings_report_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_bookings_apply"();--> statement-breakpoint
CREATE TRIGGER "bookings_report_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_bookings_apply"();--> statement-breakpoint
CREATE TRIGGER "bookings_report_truncate" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_bookings_apply"();--> statement-breakpoint
-- Sign-ups: one function for members and boxes (TG_TABLE_NAME says which column moves).
CREATE FUNCTION "report_daily_sign_ups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counts_members boolean := TG_TABLE_NAME = 'members';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF counts_members THEN
      UPDATE "report_daily_sign_ups" SET "members" = 0 WHERE "members" <> 0;
    ELSE
      UPDATE "report_daily_sign_ups" SET "boxes" = 0 WHERE "boxes" <> 0;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_daily_sign_ups" AS s ("day", "members", "boxes")
    SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date,
      CASE WHEN counts_members THEN count(*) ELSE 0 END, CASE WHEN counts_members THEN 0 ELSE count(*) END
    FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE
      SET "members" = s."members" + excluded."members", "boxes" = s."boxes" + excluded."boxes";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_daily_sign_ups" AS s ("day", "members", "boxes")
    SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date,
      CASE WHEN counts_members THEN -count(*) ELSE 0 END, CASE WHEN counts_members THEN 0 ELSE -count(*) END
    FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE
      SET "members" = s."members" + excluded."members", "boxes" = s."boxes" + excluded."boxes";
  ELSE
    -- Only a changed sign-up day moves anything (members are updated often: their last activity).
    INSERT INTO "report_daily_sign_ups" AS s ("day", "members", "boxes")
    SELECT "day", CASE WHEN counts_members THEN sum("n") ELSE 0 END, CASE WHEN counts_members THEN 0 ELSE sum("n") END
    FROM (
      SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date AS "day", 1 AS "n" FROM new_rows
      UNION ALL
      SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, -1 FROM old_rows
    ) AS delta
    GROUP BY "day" HAVING sum("n") <> 0 ORDER BY "day"
    ON CONFLICT ("day") DO UPDATE
      SET "members" = s."members" + excluded."members", "boxes" = s."boxes" + excluded."boxes";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_report_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "members_report_update" AFTER UPDATE ON "members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "members_report_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "members_report_truncate" AFTER TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "boxes_report_insert" AFTER INSERT ON "boxes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "boxes_report_update" AFTER UPDATE ON "boxes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "boxes_report_delete" AFTER DELETE ON "boxes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
CREATE TRIGGER "boxes_report_truncate" AFTER TRUNCATE ON "boxes"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_daily_sign_ups_apply"();--> statement-breakpoint
-- What a database already holds when this migration runs.
INSERT INTO "report_daily_bookings" ("day", "bookings", "income", "fee", "paid_to_owners", "pending_payments_owner")
SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, count(*), sum("total"), sum("guest_fee" + "host_fee"),
  coalesce(sum("owner_total") FILTER (WHERE "owner_payment_reference" IS NOT NULL), 0),
  coalesce(sum("owner_total") FILTER (WHERE "owner_payment_reference" IS NULL), 0)
FROM "bookings" WHERE "payment_status" = 'capture' AND "status" <> 'canceled' GROUP BY 1;--> statement-breakpoint
INSERT INTO "report_daily_sign_ups" ("day", "members", "boxes")
SELECT "day", sum("members"), sum("boxes") FROM (
  SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date AS "day", 1 AS "members", 0 AS "boxes" FROM "members"
  UNION ALL
  SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, 0, 1 FROM "boxes"
) AS created GROUP BY "day";
