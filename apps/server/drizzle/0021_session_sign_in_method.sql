-- Sessions record how their person signed in, and when they last proved it (for step-up).
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session that began before this column proved who its person was when it began, not now.
UPDATE "sessions" SET "authenticated_at" = "created_at";
