CREATE SEQUENCE "public"."booking_folio_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "booking_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"thread_member_id" integer NOT NULL,
	"staff_id" integer,
	"staff_name" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_payments_status" CHECK ("booking_payments"."status" in ('pending', 'authorization', 'capture', 'refund')),
	CONSTRAINT "booking_payments_amount" CHECK ("booking_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"folio" text DEFAULT ('F' || lpad(nextval('booking_folio_seq')::text, 7, '0')) NOT NULL,
	"box_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"box_type" text NOT NULL,
	"event_id" integer,
	"season_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text,
	"seats" integer NOT NULL,
	"address" text,
	"subtotal" numeric(12, 2) NOT NULL,
	"guest_fee_rate" numeric(5, 2) NOT NULL,
	"host_fee_rate" numeric(5, 2) NOT NULL,
	"iva_rate" numeric(5, 2) NOT NULL,
	"guest_fee" numeric(12, 2) NOT NULL,
	"host_fee" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"owner_total" numeric(12, 2) NOT NULL,
	"tickets_sent_at" timestamp with time zone,
	"tickets_delivered_at" timestamp with time zone,
	"owner_payment_reference" text,
	"owner_paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_box_type" CHECK ("bookings"."box_type" in ('onetime', 'season')),
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('pending', 'accepted', 'rejected', 'partial', 'missed', 'canceled')),
	CONSTRAINT "bookings_payment_status" CHECK ("bookings"."payment_status" is null or "bookings"."payment_status" in ('pending', 'authorization', 'capture', 'refund')),
	CONSTRAINT "bookings_what" CHECK (("bookings"."box_type" = 'onetime' and "bookings"."event_id" is not null and "bookings"."season_id" is null)
        or ("bookings"."box_type" = 'season' and "bookings"."season_id" is not null and "bookings"."event_id" is null)),
	CONSTRAINT "bookings_range" CHECK ("bookings"."ends_at" >= "bookings"."starts_at"),
	CONSTRAINT "bookings_seats_positive" CHECK ("bookings"."seats" >= 1),
	CONSTRAINT "bookings_money_not_negative" CHECK ("bookings"."subtotal" >= 0 and "bookings"."total" >= 0 and "bookings"."owner_total" >= 0 and "bookings"."guest_fee" >= 0 and "bookings"."host_fee" >= 0 and "bookings"."iva" >= 0),
	CONSTRAINT "bookings_delivered_after_sent" CHECK ("bookings"."tickets_delivered_at" is null or "bookings"."tickets_sent_at" is not null),
	CONSTRAINT "bookings_canceled_at" CHECK (("bookings"."status" = 'canceled') = ("bookings"."canceled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_recipients_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"notification_type" text NOT NULL,
	"notification_type_id" integer NOT NULL,
	"member_id" integer,
	"member_name" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type" CHECK ("notifications"."notification_type" in ('owner', 'box', 'booking', 'booking-messages'))
);
--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_thread_member_id_members_id_fk" FOREIGN KEY ("thread_member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payments" ADD CONSTRAINT "booking_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_buyer_id_members_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_season_id_box_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."box_seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_messages_thread_idx" ON "booking_messages" USING btree ("booking_id","thread_member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_payments_position" ON "booking_payments" USING btree ("booking_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_key_unique" ON "bookings" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_folio_unique" ON "bookings" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_box_event_unique" ON "bookings" USING btree ("box_id","event_id") WHERE "bookings"."event_id" is not null and "bookings"."status" not in ('canceled', 'rejected');--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_box_season_unique" ON "bookings" USING btree ("box_id","season_id") WHERE "bookings"."season_id" is not null and "bookings"."status" not in ('canceled', 'rejected');--> statement-breakpoint
CREATE INDEX "bookings_venue_idx" ON "bookings" USING btree ("venue_id","id");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bookings_payment_status_idx" ON "bookings" USING btree ("payment_status","id");--> statement-breakpoint
CREATE INDEX "bookings_box_type_idx" ON "bookings" USING btree ("box_type","id");--> statement-breakpoint
CREATE INDEX "bookings_box_idx" ON "bookings" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "bookings_buyer_idx" ON "bookings" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "bookings_event_idx" ON "bookings" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "bookings_search_trgm" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_recipients_unread_idx" ON "notification_recipients" USING btree ("user_id") WHERE "notification_recipients"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notification_recipients_notification_idx" ON "notification_recipients" USING btree ("notification_id");