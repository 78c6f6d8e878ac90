-- Lists at scale (platform/list-query.ts): (name, id) orders and seeks pages; search_text (lower-cased name and
-- code) and its trigram index serve searches of three characters or more; (lower(name) collate "C", id, name) finds,
-- orders and counts shorter ones; filtered lists read (parent, name, id).
DROP INDEX "cities_state_idx";--> statement-breakpoint
DROP INDEX "cities_name_trgm";--> statement-breakpoint
DROP INDEX "cities_code_trgm";--> statement-breakpoint
DROP INDEX "cities_name_idx";--> statement-breakpoint
DROP INDEX "countries_name_trgm";--> statement-breakpoint
DROP INDEX "countries_code_trgm";--> statement-breakpoint
DROP INDEX "countries_name_idx";--> statement-breakpoint
DROP INDEX "states_name_trgm";--> statement-breakpoint
DROP INDEX "states_code_trgm";--> statement-breakpoint
DROP INDEX "states_name_idx";--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(31) || code)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(31) || code)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || chr(31) || code)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cities_state_name_idx" ON "cities" USING btree ("state_id","name","id");--> statement-breakpoint
CREATE INDEX "cities_search_trgm" ON "cities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cities_name_id_idx" ON "cities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "cities_name_prefix" ON "cities" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "countries_search_trgm" ON "countries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "countries_name_id_idx" ON "countries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "countries_name_prefix" ON "countries" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "roles_name_id_idx" ON "roles" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "roles_name_prefix" ON "roles" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "roles_name_trgm" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "states_country_name_idx" ON "states" USING btree ("country_id","name","id");--> statement-breakpoint
CREATE INDEX "states_search_trgm" ON "states" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "states_name_id_idx" ON "states" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "states_name_prefix" ON "states" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "users_name_id_idx" ON "users" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_prefix" ON "users" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_prefix" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix" ON "users" USING btree (lower("email") text_pattern_ops);