CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_total_idx" ON "bookings" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "boxes_created_at_idx" ON "boxes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cities_code_id_idx" ON "cities" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "countries_code_id_idx" ON "countries" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "owners_created_at_idx" ON "owners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "states_code_id_idx" ON "states" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");