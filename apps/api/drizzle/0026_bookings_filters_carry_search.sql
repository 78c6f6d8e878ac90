-- A search with the status, payment status or box type filter but no venue was counted (its first 1,001 matches)
-- from the table: a sequential scan testing the term on every row until 1,001 matched (a surname among accepted
-- bookings: 29,000 rows, 23 ms), or the trigram index's 83,000 entries intersected with the 50,000 season bookings
-- (56 ms). Each filter's index now carries the searched text and folio (INCLUDE: drizzle cannot declare it), so the
-- count and the page read that filter's range of the index alone (7 ms for either count on a million bookings).
DROP INDEX "bookings_status_idx";--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","id") INCLUDE ("search_text","folio");--> statement-breakpoint
DROP INDEX "bookings_payment_status_idx";--> statement-breakpoint
CREATE INDEX "bookings_payment_status_idx" ON "bookings" USING btree ("payment_status","id") INCLUDE ("search_text","folio");--> statement-breakpoint
DROP INDEX "bookings_box_type_idx";--> statement-breakpoint
CREATE INDEX "bookings_box_type_idx" ON "bookings" USING btree ("box_type","id") INCLUDE ("search_text","folio");
