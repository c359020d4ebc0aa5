-- Trigram indexes for the catalogue search (trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_lines_user_id_part_id_pk" PRIMARY KEY("user_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "equipment_models_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "installed_equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"serial" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "part_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "part_category_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "part_category_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "part_compatibility" (
	"part_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	CONSTRAINT "part_compatibility_part_id_model_id_pk" PRIMARY KEY("part_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"comment" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spare_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_number" text NOT NULL,
	"designation_fr" text NOT NULL,
	"designation_en" text NOT NULL,
	"category_id" uuid NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"lead_time_days" integer DEFAULT 0 NOT NULL,
	"superseded_by_id" uuid,
	"search_fr" text NOT NULL,
	"search_en" text NOT NULL,
	CONSTRAINT "spare_parts_part_number_unique" UNIQUE("part_number")
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_equipment" ADD CONSTRAINT "installed_equipment_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_equipment" ADD CONSTRAINT "installed_equipment_model_id_equipment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."equipment_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installed_equipment" ADD CONSTRAINT "installed_equipment_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_categories" ADD CONSTRAINT "part_categories_group_id_part_category_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."part_category_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_compatibility" ADD CONSTRAINT "part_compatibility_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_compatibility" ADD CONSTRAINT "part_compatibility_model_id_equipment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."equipment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_quote_id_quote_requests_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_part_id_spare_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_parts" ADD CONSTRAINT "spare_parts_category_id_part_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."part_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spare_parts" ADD CONSTRAINT "spare_parts_superseded_by_id_spare_parts_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."spare_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installed_equipment_account_serial_idx" ON "installed_equipment" USING btree ("account_id","serial");--> statement-breakpoint
CREATE INDEX "part_compatibility_model_idx" ON "part_compatibility" USING btree ("model_id","part_id");--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_request_lines_quote_idx" ON "quote_request_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_requests_idempotency_idx" ON "quote_requests" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "quote_requests_account_idx" ON "quote_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "spare_parts_search_fr_idx" ON "spare_parts" USING gin ("search_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "spare_parts_search_en_idx" ON "spare_parts" USING gin ("search_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "spare_parts_part_number_prefix_idx" ON "spare_parts" USING btree ("part_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "spare_parts_category_idx" ON "spare_parts" USING btree ("category_id","part_number");--> statement-breakpoint
CREATE INDEX "spare_parts_designation_fr_idx" ON "spare_parts" USING btree ("designation_fr");--> statement-breakpoint
CREATE INDEX "spare_parts_designation_en_idx" ON "spare_parts" USING btree ("designation_en");--> statement-breakpoint
CREATE INDEX "spare_parts_price_idx" ON "spare_parts" USING btree ("unit_price_cents");--> statement-breakpoint
CREATE INDEX "spare_parts_superseded_by_idx" ON "spare_parts" USING btree ("superseded_by_id");