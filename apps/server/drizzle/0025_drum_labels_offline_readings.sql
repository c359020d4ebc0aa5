ALTER TABLE "drums" ADD COLUMN "public_code" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "drums_public_code_idx" ON "drums" USING btree ("public_code");--> statement-breakpoint
CREATE UNIQUE INDEX "readings_drum_idempotency_idx" ON "readings" USING btree ("drum_id","idempotency_key") WHERE "readings"."idempotency_key" is not null;