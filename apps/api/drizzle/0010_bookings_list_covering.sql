-- The bookings list within a venue (its commonest filter), with any other filter and search, read the venue's index
-- alone: it carries the other filters' columns and the searched text, so neither the page's walk nor the count (up
-- to 1,001 rows) reads the table (one table page per row before: a venue's bookings are spread over the whole
-- table). drizzle-kit cannot declare INCLUDE, so the index keeps its name and its declaration in schema.ts.
DROP INDEX "bookings_venue_idx";--> statement-breakpoint
CREATE INDEX "bookings_venue_idx" ON "bookings" USING btree ("venue_id","id") INCLUDE ("box_type","status","payment_status","folio","search_text");--> statement-breakpoint
-- A search that could be part of a folio (F and digits) also looks at the folio: a trigram index there makes the two
-- one BitmapOr instead of a walk of the whole table.
CREATE INDEX "bookings_folio_trgm" ON "bookings" USING gin ("folio" gin_trgm_ops);
