-- The bookings list's owner payment filter, continued from 0018. The paid ones (ownerPaymentStatus=payed) newest
-- first: the newest bookings are the unpaid ones, which a walk of the primary key would read first.
CREATE INDEX "bookings_owner_paid_idx" ON "bookings" USING btree ("id") WHERE "bookings"."owner_payment_reference" is not null;--> statement-breakpoint
-- The venue's index carries the owner payment reference too (INCLUDE, like 0010: drizzle cannot declare it), so the
-- owner payment filter within a venue, with any other filter and search, still reads that index alone.
DROP INDEX "bookings_venue_idx";--> statement-breakpoint
CREATE INDEX "bookings_venue_idx" ON "bookings" USING btree ("venue_id","id") INCLUDE ("box_type","status","payment_status","folio","search_text","owner_payment_reference");
