-- Lists open where staff work. The events list walks (starts_at, id) both ways (upcoming soonest first, then past
-- events most recent first) and the review inboxes (ready_at, id), oldest waiting first: each list's order needs a
-- btree index on its sort columns then id (platform/list-query.ts).
DROP INDEX "boxes_waiting_idx";--> statement-breakpoint
DROP INDEX "events_starts_at_idx";--> statement-breakpoint
DROP INDEX "owners_waiting_idx";--> statement-breakpoint
CREATE INDEX "boxes_waiting_idx" ON "boxes" USING btree ("ready_at","id") WHERE "boxes"."ready_for_review" and "boxes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "owners_waiting_idx" ON "owners" USING btree ("ready_at","id") WHERE "owners"."ready_for_review" and "owners"."status" = 'pending';--> statement-breakpoint
-- The owners' search also matches the member's e-mail: search_text (trigram-indexed) becomes the name and the
-- e-mail, lower-cased, which a generated column cannot hold (the e-mail is on members). Triggers keep it: on every
-- insert or update of an owner, and when a member's e-mail changes.
ALTER TABLE "owners" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "owners" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
CREATE FUNCTION owners_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.name || chr(31) || coalesce((SELECT email FROM members WHERE id = NEW.member_id), ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER owners_search_text BEFORE INSERT OR UPDATE ON "owners"
  FOR EACH ROW EXECUTE FUNCTION owners_search_text();--> statement-breakpoint
CREATE FUNCTION members_owner_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The owners trigger reads the new e-mail: an AFTER trigger sees its statement's change.
  UPDATE owners SET search_text = '' WHERE member_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER members_owner_search_text AFTER UPDATE OF email ON "members"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION members_owner_search_text();--> statement-breakpoint
-- The owners there are: their trigger fills the column.
UPDATE "owners" SET search_text = '';
