-- The bookings list's owner payment filter (ownerPaymentStatus=pending: no reference recorded yet), by status and
-- payment status in list order: "accepted, captured, owner not paid" (the shipped view "Reservas por pagar al
-- propietario") is one range of it, and its count reads that range alone, however few and old those bookings are.
CREATE INDEX "bookings_owner_payment_pending_idx" ON "bookings" USING btree ("status","payment_status","id") WHERE "bookings"."owner_payment_reference" is null;