-- The planner judges a LIKE '%term%' by the share of the column's sampled values that match. With the default
-- target (100) each value stands for 1% of the table, so a term in 0.5% of a million rows (5,000 cities whose
-- names contain "zat") is usually found in no sample and read as 100 rows: the page was then built from every
-- match the trigram index found, fetched and sorted (21 ms), instead of walking the list's (name, id) index until a
-- page of matches (under 1 ms). A target of 1,000 lets each sampled value stand for 0.1%: terms that common are
-- seen, truly rare ones still read as rare (and take the trigram index), and planning stays a fraction of a
-- millisecond. ANALYZE then samples 300,000 rows of a big table instead of 30,000.
ALTER TABLE "cities" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "states" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "venues" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "owners" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "boxes" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "folio" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "roles" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
-- The users' search is an expression: its statistics are the expression index's.
ALTER INDEX "users_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "cities", "countries", "states", "venues", "categories", "events", "services", "members", "owners", "boxes", "bookings", "roles", "users";
