-- Resumable uploads (tus at /api/uploads): who made each one, for which project and kind, so that only its creator
-- resumes or uses it and a route takes it once (claimed_at). Rows without foreign keys: an upload is deleted with its
-- file by the hourly sweep, 24 hours after its creation (docs/decisions/149-resumable-uploads-with-tus.md).
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "resumable_uploads_kind_check" CHECK ("kind" IN ('photo', 'video'))
);
--> statement-breakpoint
CREATE INDEX "resumable_uploads_created_idx" ON "resumable_uploads" USING btree ("created_at");
