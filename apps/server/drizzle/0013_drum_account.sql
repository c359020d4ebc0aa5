CREATE TABLE "drum_statement_mails" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drum_statement_mails_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "drum_statement_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drum_rent_notices" (
	"drum_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"rent_starts_on" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drum_rent_notices_drum_id_kind_rent_starts_on_pk" PRIMARY KEY("drum_id","kind","rent_starts_on")
);
--> statement-breakpoint
CREATE TABLE "drum_rent_terms" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"rent_free_days" integer NOT NULL,
	"monthly_rate" numeric NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drum_statement_mails" ADD CONSTRAINT "drum_statement_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drum_statement_subscriptions" ADD CONSTRAINT "drum_statement_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drum_rent_notices" ADD CONSTRAINT "drum_rent_notices_drum_id_drums_id_fk" FOREIGN KEY ("drum_id") REFERENCES "public"."drums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drum_rent_terms" ADD CONSTRAINT "drum_rent_terms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;