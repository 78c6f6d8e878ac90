CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"method" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_method_check" CHECK ("payment_methods"."method" in ('bank', 'cash', 'card'))
);
--> statement-breakpoint
CREATE TABLE "payment_provider_countries" (
	"provider_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "payment_provider_countries_provider_id_country_id_pk" PRIMARY KEY("provider_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "payment_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_providers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_name_unique";--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_provider_id_payment_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_countries" ADD CONSTRAINT "payment_provider_countries_provider_id_payment_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_countries" ADD CONSTRAINT "payment_provider_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_method_unique" ON "payment_methods" USING btree ("provider_id","method");--> statement-breakpoint
CREATE INDEX "payment_provider_countries_country_idx" ON "payment_provider_countries" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_lower_unique" ON "roles" USING btree (lower("name"));