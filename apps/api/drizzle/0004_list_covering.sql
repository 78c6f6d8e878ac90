-- A search of three characters or more reads the (name, id) order and keeps the rows whose search_text matches:
-- with search_text in the index (INCLUDE) that walk is index-only, instead of one table read per row passed over
-- (a term whose matches sit together in name order, "San …", passes over thousands before its first page).
-- drizzle-kit cannot declare INCLUDE, so the index keeps its name and its declaration in schema.ts.
DROP INDEX "cities_name_id_idx";--> statement-breakpoint
CREATE INDEX "cities_name_id_idx" ON "cities" USING btree ("name","id") INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX "states_name_id_idx";--> statement-breakpoint
CREATE INDEX "states_name_id_idx" ON "states" USING btree ("name","id") INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX "countries_name_id_idx";--> statement-breakpoint
CREATE INDEX "countries_name_id_idx" ON "countries" USING btree ("name","id") INCLUDE ("search_text");
