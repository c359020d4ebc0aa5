CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "work_item_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"item_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_side" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"details" jsonb,
	"internal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_item_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"account_id" uuid NOT NULL,
	"site_id" uuid,
	"created_by_user_id" uuid,
	"status" text NOT NULL,
	"turn" text,
	"assignee_user_id" uuid,
	"waiting_since" timestamp with time zone,
	"due_at" timestamp with time zone,
	"last_customer_message_at" timestamp with time zone,
	"staff_read_at" timestamp with time zone,
	"last_provider_activity_at" timestamp with time zone,
	"customer_read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_requests" ALTER COLUMN "status" SET DEFAULT 'requested';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD COLUMN "offered_unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "discount_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "offer_note" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_item_id_work_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."work_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_events" ADD CONSTRAINT "work_item_events_item_id_work_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."work_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_item_notes" ADD CONSTRAINT "work_item_notes_item_id_work_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."work_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "work_item_events_item_idx" ON "work_item_events" USING btree ("item_id","at");--> statement-breakpoint
CREATE INDEX "work_item_notes_item_idx" ON "work_item_notes" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "work_items_open_order_idx" ON "work_items" USING btree ("waiting_since","created_at","id") WHERE "work_items"."turn" is not null;--> statement-breakpoint
CREATE INDEX "work_items_order_idx" ON "work_items" USING btree ("waiting_since","created_at","id");--> statement-breakpoint
CREATE INDEX "work_items_status_idx" ON "work_items" USING btree ("status","waiting_since","created_at");--> statement-breakpoint
CREATE INDEX "work_items_account_idx" ON "work_items" USING btree ("account_id","waiting_since","created_at");--> statement-breakpoint
CREATE INDEX "work_items_assignee_idx" ON "work_items" USING btree ("assignee_user_id","waiting_since");--> statement-breakpoint
CREATE INDEX "work_items_site_idx" ON "work_items" USING btree ("site_id");--> statement-breakpoint
UPDATE "quote_requests" SET "status" = CASE "status" WHEN 'submitted' THEN 'requested' WHEN 'quoted' THEN 'offered' WHEN 'ordered' THEN 'accepted' ELSE "status" END;--> statement-breakpoint
-- Items from before the inbox: open ones wait since they were made, due a day later.
INSERT INTO "work_items" ("id", "kind", "reference", "account_id", "site_id", "created_by_user_id", "status", "turn", "waiting_since", "due_at", "created_at", "updated_at")
SELECT "id", 'refill_request', 'RR-' || lpad("number"::text, 6, '0'), "account_id", "site_id", "created_by_user_id", "status",
  CASE WHEN "status" IN ('submitted', 'confirmed', 'scheduled') THEN 'provider' END,
  CASE WHEN "status" = 'submitted' THEN "created_at" END,
  CASE WHEN "status" = 'submitted' THEN "created_at" + interval '1 day' END,
  "created_at", "created_at"
FROM "refill_requests";--> statement-breakpoint
INSERT INTO "work_items" ("id", "kind", "reference", "account_id", "site_id", "created_by_user_id", "status", "turn", "waiting_since", "due_at", "created_at", "updated_at")
SELECT "id", 'quote', 'QR-' || lpad("number"::text, 6, '0'), "account_id", NULL, "created_by_user_id", "status",
  CASE WHEN "status" = 'requested' THEN 'provider' WHEN "status" = 'offered' THEN 'customer' END,
  CASE WHEN "status" = 'requested' THEN "created_at" END,
  CASE WHEN "status" = 'requested' THEN "created_at" + interval '1 day' END,
  "created_at", "created_at"
FROM "quote_requests";
