-- The palette's name indexes hold only the members a back-office list shows (guests who booked, owners): in a
-- marketplace most members never book, and walking past them cost the palette hundreds of milliseconds.
DROP INDEX "members_name_prefix";--> statement-breakpoint
DROP INDEX "members_search_trgm";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A member is listed once they booked or became an owner (statement-level: a bulk insert is one UPDATE). Never
-- cleared: the palette checks the bookings and the owner profile itself; this keeps sign-ups out of its indexes.
CREATE FUNCTION "members_listed_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    UPDATE "members" SET "listed" = true WHERE NOT "listed" AND "id" IN (SELECT "buyer_id" FROM new_rows);
  ELSE
    UPDATE "members" SET "listed" = true WHERE NOT "listed" AND "id" IN (SELECT "member_id" FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_members_listed_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_listed_apply"();--> statement-breakpoint
CREATE TRIGGER "bookings_members_listed_update" AFTER UPDATE ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_listed_apply"();--> statement-breakpoint
CREATE TRIGGER "owners_members_listed_insert" AFTER INSERT ON "owners" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_listed_apply"();--> statement-breakpoint
CREATE TRIGGER "owners_members_listed_update" AFTER UPDATE ON "owners" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "members_listed_apply"();--> statement-breakpoint
-- Two statements: an IN joined by OR is not a join, and would scan the bookings once per member.
UPDATE "members" SET "listed" = true WHERE "id" IN (SELECT "buyer_id" FROM "bookings");--> statement-breakpoint
UPDATE "members" SET "listed" = true WHERE NOT "listed" AND "id" IN (SELECT "member_id" FROM "owners");--> statement-breakpoint
CREATE INDEX "members_name_prefix" ON "members" USING btree ("search_text" collate "C","id") WHERE "members"."listed";--> statement-breakpoint
CREATE INDEX "members_search_trgm" ON "members" USING gin ("search_text" gin_trgm_ops) WHERE "members"."listed";