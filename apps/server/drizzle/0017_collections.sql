CREATE TABLE "collection_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"drum_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"pickup_address" text NOT NULL,
	"time_slots" jsonb NOT NULL,
	"loading_means" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"pickup_date" date,
	"collected_on" date,
	"status_reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drums" ADD COLUMN "collected_on" date;--> statement-breakpoint
ALTER TABLE "collection_messages" ADD CONSTRAINT "collection_messages_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_messages_collection_idx" ON "collection_messages" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_one_open_per_drum_idx" ON "collections" USING btree ("drum_id") WHERE "collections"."status" in ('requested', 'scheduled');--> statement-breakpoint
CREATE INDEX "collections_account_idx" ON "collections" USING btree ("account_id","created_at");