-- The command palette finds marketplace members (guests and owners) by name: the full name lower-cased, served whole
-- or by its start in byte order (members_name_prefix) and anywhere by trigrams (GET /api/search).
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "members_name_prefix" ON "members" USING btree ("search_text" collate "C","id");--> statement-breakpoint
CREATE INDEX "members_search_trgm" ON "members" USING gin ("search_text" gin_trgm_ops);