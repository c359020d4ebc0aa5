CREATE TABLE "api_idempotency" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_idempotency_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sensor_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"dev_eui" text NOT NULL,
	"drum_id" uuid,
	"first_seen_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"uplinks" integer DEFAULT 0 NOT NULL,
	"last_payload" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "battery_pct" numeric;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "signal_dbm" numeric;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD CONSTRAINT "sensor_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD CONSTRAINT "sensor_devices_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_created_idx" ON "api_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_idx" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_devices_account_eui_idx" ON "sensor_devices" USING btree ("account_id","dev_eui");--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_devices_drum_idx" ON "sensor_devices" USING btree ("drum_id") WHERE "sensor_devices"."drum_id" is not null;