CREATE TABLE "box_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"small_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"deposit" numeric(12, 2) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "box_seasons_range" CHECK ("box_seasons"."ends_on" >= "box_seasons"."starts_on"),
	CONSTRAINT "box_seasons_money_not_negative" CHECK ("box_seasons"."price" >= 0 and "box_seasons"."deposit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"number" text NOT NULL,
	"zone" text NOT NULL,
	"name" text GENERATED ALWAYS AS (zone || ' ' || number) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(zone || ' ' || number)) STORED NOT NULL,
	"detail" text,
	"type" text NOT NULL,
	"available_seats" integer NOT NULL,
	"price" numeric(12, 2),
	"deposit" numeric(12, 2),
	"position_x" numeric(5, 2) NOT NULL,
	"position_y" numeric(5, 2) NOT NULL,
	"cancellation_policy" text,
	"access_indications" text,
	"is_shared" boolean DEFAULT false NOT NULL,
	"property_title_key" text,
	"proof_of_residency_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"ready_for_review" boolean DEFAULT false NOT NULL,
	"ready_at" timestamp with time zone,
	"review" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boxes_status" CHECK ("boxes"."status" in ('pending', 'accepted', 'returned')),
	CONSTRAINT "boxes_type" CHECK ("boxes"."type" in ('onetime', 'season', 'both')),
	CONSTRAINT "boxes_seats_positive" CHECK ("boxes"."available_seats" >= 1),
	CONSTRAINT "boxes_money_not_negative" CHECK (coalesce("boxes"."price", 0) >= 0 and coalesce("boxes"."deposit", 0) >= 0),
	CONSTRAINT "boxes_position_percent" CHECK ("boxes"."position_x" between 0 and 100 and "boxes"."position_y" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text NOT NULL,
	"birth_at" date,
	"place_of_birth" text,
	"language" text DEFAULT 'es' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_language" CHECK ("members"."language" in ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "owner_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"clabe" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_bank_accounts_clabe" CHECK ("owner_bank_accounts"."clabe" ~ '^[0-9]{18}$')
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"address" text NOT NULL,
	"rfc" text NOT NULL,
	"document_type" text NOT NULL,
	"id_front_key" text,
	"id_back_key" text,
	"proof_of_residency_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"ready_for_review" boolean DEFAULT false NOT NULL,
	"ready_at" timestamp with time zone,
	"review" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_status" CHECK ("owners"."status" in ('pending', 'accepted', 'returned')),
	CONSTRAINT "owners_document_type" CHECK ("owners"."document_type" in ('passport', 'id'))
);
--> statement-breakpoint
ALTER TABLE "box_images" ADD CONSTRAINT "box_images_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_seasons" ADD CONSTRAINT "box_seasons_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_bank_accounts" ADD CONSTRAINT "owner_bank_accounts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_images_position" ON "box_images" USING btree ("box_id","position");--> statement-breakpoint
CREATE INDEX "box_seasons_box_idx" ON "box_seasons" USING btree ("box_id","starts_on");--> statement-breakpoint
CREATE INDEX "boxes_owner_idx" ON "boxes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "boxes_venue_name_idx" ON "boxes" USING btree ("venue_id","name","id");--> statement-breakpoint
CREATE INDEX "boxes_search_trgm" ON "boxes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "boxes_waiting_idx" ON "boxes" USING btree ("ready_at") WHERE "boxes"."ready_for_review" and "boxes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "boxes_name_id_idx" ON "boxes" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "boxes_name_prefix" ON "boxes" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_lower_unique" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "owner_bank_accounts_position" ON "owner_bank_accounts" USING btree ("owner_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_member_unique" ON "owners" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "owners_search_trgm" ON "owners" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "owners_waiting_idx" ON "owners" USING btree ("ready_at") WHERE "owners"."ready_for_review" and "owners"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "owners_status_name_idx" ON "owners" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "owners_name_id_idx" ON "owners" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "owners_name_prefix" ON "owners" USING btree (lower("name") collate "C","id","name");