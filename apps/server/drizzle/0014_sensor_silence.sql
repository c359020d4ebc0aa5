ALTER TABLE "notifications" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "drums" ADD COLUMN "stale_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "drum_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "readings_drum_sensor_time_idx" ON "readings" USING btree ("drum_id","read_at") WHERE "readings"."source" = 'sensor';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_item_or_drum" CHECK (("notifications"."item_id" is null) <> ("notifications"."drum_id" is null));