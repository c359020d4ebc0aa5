CREATE TABLE "alert_recipient_confirmations" (
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"token_hash" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_recipient_confirmations_account_id_email_pk" PRIMARY KEY("account_id","email"),
	CONSTRAINT "alert_recipient_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_recipient_confirmations" ADD CONSTRAINT "alert_recipient_confirmations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_priority_idx" ON "mail_outbox" USING btree ("priority","created_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
-- Sign-in mails already queued go before notifications too.
UPDATE "mail_outbox" SET "priority" = 0 WHERE "kind" = 'sign_in_link';
