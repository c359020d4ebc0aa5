-- Attachments' bytes in the database, where every instance reads them (PostgreSQL); a new table
-- only, so the previous version keeps running beside this one.
CREATE TABLE "request_attachment_chunks" (
	"stored_name" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "request_attachment_chunks_stored_name_seq_pk" PRIMARY KEY("stored_name","seq")
);
--> statement-breakpoint
ALTER TABLE "request_attachment_chunks" ADD CONSTRAINT "request_attachment_chunks_stored_name_request_attachments_stored_name_fk" FOREIGN KEY ("stored_name") REFERENCES "public"."request_attachments"("stored_name") ON DELETE cascade ON UPDATE no action;
