-- Proof of progress (docs/decisions/135-evidence-log-hash-chain.md): a project's site as a circle, what each photo's
-- upload saw (its capture, the original's hash and EXIF, its verdict), and the project's evidence log, a hash chain.
ALTER TABLE "projects" ADD COLUMN "site_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "site_longitude" double precision;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "site_radius_metres" integer;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_site_check" CHECK (
	("site_latitude" IS NULL AND "site_longitude" IS NULL AND "site_radius_metres" IS NULL)
	OR ("site_latitude" BETWEEN -90 AND 90 AND "site_longitude" BETWEEN -180 AND 180 AND "site_radius_metres" BETWEEN 10 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "source" text;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_source_check" CHECK ("source" IN ('camera', 'library'));
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "captured_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "queued_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "accuracy_metres" double precision;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "exif_taken_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "exif_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "exif_longitude" double precision;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "sha256" text;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "original_key" text;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "gallery_sha256" text;
--> statement-breakpoint
-- Photos added before the portal judged them keep the verdict that says so.
ALTER TABLE "project_photos" ADD COLUMN "verdict" text DEFAULT 'unverified' NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_verdict_check" CHECK ("verdict" IN ('verified', 'outside_site', 'unverified'));
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "verdict_reason" text DEFAULT 'Added before the portal checked where and when photos were taken.' NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "distance_metres" integer;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "milestone_id" integer;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_photos_sha256_idx" ON "project_photos" USING btree ("project_id", "sha256");
--> statement-breakpoint
CREATE INDEX "project_photos_gallery_sha256_idx" ON "project_photos" USING btree ("project_id", "gallery_sha256");
--> statement-breakpoint
-- The recorder's id has no foreign key: a deleted account must not change an entry (its hash covers the id).
CREATE TABLE "evidence_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"previous_hash" text NOT NULL,
	"entry_hash" text NOT NULL,
	"recorded_by_id" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evidence_entries_kind_check" CHECK ("kind" IN ('photo_added', 'photo_removed', 'diary_entry', 'milestone_done', 'milestone_reopened', 'live_check_requested', 'live_check_answered'))
);
--> statement-breakpoint
ALTER TABLE "evidence_entries" ADD CONSTRAINT "evidence_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_entries_sequence_idx" ON "evidence_entries" USING btree ("project_id", "sequence");
