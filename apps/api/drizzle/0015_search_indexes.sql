CREATE INDEX "members_phone_idx" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "owners_rfc_idx" ON "owners" USING btree ("rfc");