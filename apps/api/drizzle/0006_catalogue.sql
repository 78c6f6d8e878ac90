CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"order" integer NOT NULL,
	"icon_url" text,
	"icon_small_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_order_positive" CHECK ("categories"."order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"event_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "event_categories_event_id_category_id_pk" PRIMARY KEY("event_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"duration" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"venue_id" integer NOT NULL,
	"picture_url" text,
	"picture_small_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_duration_positive" CHECK ("events"."duration" >= 1)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"order" integer NOT NULL,
	"icon_url" text,
	"icon_small_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_order_positive" CHECK ("services"."order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"address" text NOT NULL,
	"contact" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"picture_url" text,
	"picture_small_url" text,
	"picture_width" integer,
	"picture_height" integer,
	"city_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_latitude_range" CHECK ("venues"."latitude" between -90 and 90),
	CONSTRAINT "venues_longitude_range" CHECK ("venues"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture_small_url" text;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_order_id_idx" ON "categories" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "categories_search_trgm" ON "categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "categories_name_id_idx" ON "categories" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "categories_name_prefix" ON "categories" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "event_categories_category_idx" ON "event_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "events_venue_name_idx" ON "events" USING btree ("venue_id","name","id");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_search_trgm" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_name_id_idx" ON "events" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "events_name_prefix" ON "events" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "services_order_id_idx" ON "services" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "services_search_trgm" ON "services" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_name_id_idx" ON "services" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "services_name_prefix" ON "services" USING btree (lower("name") collate "C","id","name");--> statement-breakpoint
CREATE INDEX "venues_city_name_idx" ON "venues" USING btree ("city_id","name","id");--> statement-breakpoint
CREATE INDEX "venues_search_trgm" ON "venues" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "venues_name_id_idx" ON "venues" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "venues_name_prefix" ON "venues" USING btree (lower("name") collate "C","id","name");