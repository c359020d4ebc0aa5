CREATE TABLE "refill_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"drum_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"delivery_date" date NOT NULL,
	"run_out_on" date NOT NULL,
	"remaining_m" numeric NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"request_id" uuid,
	"closed_by_user_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refill_proposals" ADD CONSTRAINT "refill_proposals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_proposals" ADD CONSTRAINT "refill_proposals_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_proposals" ADD CONSTRAINT "refill_proposals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_proposals" ADD CONSTRAINT "refill_proposals_request_id_refill_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."refill_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refill_proposals_open_drum_idx" ON "refill_proposals" USING btree ("drum_id") WHERE "refill_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "refill_proposals_account_idx" ON "refill_proposals" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "refill_proposals_drum_idx" ON "refill_proposals" USING btree ("drum_id","created_at");