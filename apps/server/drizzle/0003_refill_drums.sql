CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"threshold_pct" integer DEFAULT 20 NOT NULL,
	"critical_pct" integer DEFAULT 10 NOT NULL,
	"email_enabled" boolean DEFAULT true NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"drum_id" uuid NOT NULL,
	"level" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drums" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"drum_type_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"initial_length_m" numeric NOT NULL,
	"installed_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"drum_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"remaining_m" numeric NOT NULL,
	"source" text NOT NULL,
	"created_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drums" ADD CONSTRAINT "drums_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drums" ADD CONSTRAINT "drums_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drums" ADD CONSTRAINT "drums_product_id_cable_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."cable_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drums" ADD CONSTRAINT "drums_drum_type_id_drum_types_id_fk" FOREIGN KEY ("drum_type_id") REFERENCES "public"."drum_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_active_per_drum_idx" ON "alerts" USING btree ("drum_id") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_account_idx" ON "alerts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drums_account_serial_idx" ON "drums" USING btree ("account_id","serial");--> statement-breakpoint
CREATE INDEX "drums_account_idx" ON "drums" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "readings_drum_time_idx" ON "readings" USING btree ("drum_id","read_at");--> statement-breakpoint
CREATE INDEX "sites_account_idx" ON "sites" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;