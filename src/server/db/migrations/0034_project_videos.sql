-- Videos of a project (docs/decisions/137-videos-through-ffmpeg.md): a 480p MP4 and a poster frame served, the original
-- kept privately with its SHA-256, and what the upload saw, judged as photos are; each added or removed video is an
-- entry of the evidence log.
ALTER TABLE "evidence_entries" DROP CONSTRAINT "evidence_entries_kind_check";
--> statement-breakpoint
ALTER TABLE "evidence_entries" ADD CONSTRAINT "evidence_entries_kind_check" CHECK ("kind" IN ('photo_added', 'photo_removed', 'video_added', 'video_removed', 'diary_entry', 'milestone_done', 'milestone_reopened', 'live_check_requested', 'live_check_answered'));
--> statement-breakpoint
CREATE TABLE "project_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"uploaded_by_id" uuid,
	"caption" text DEFAULT '' NOT NULL,
	"video_url" text NOT NULL,
	"poster_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_seconds" double precision NOT NULL,
	"size_bytes" integer NOT NULL,
	"source" text NOT NULL,
	"captured_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_metres" double precision,
	"original_taken_at" timestamp with time zone,
	"original_latitude" double precision,
	"original_longitude" double precision,
	"sha256" text NOT NULL,
	"served_sha256" text NOT NULL,
	"original_key" text NOT NULL,
	"verdict" text NOT NULL,
	"verdict_reason" text NOT NULL,
	"distance_metres" integer,
	"milestone_id" integer,
	"live_check_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_videos_source_check" CHECK ("source" IN ('camera', 'library')),
	CONSTRAINT "project_videos_verdict_check" CHECK ("verdict" IN ('verified', 'outside_site', 'unverified'))
);
--> statement-breakpoint
ALTER TABLE "project_videos" ADD CONSTRAINT "project_videos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_videos" ADD CONSTRAINT "project_videos_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_videos" ADD CONSTRAINT "project_videos_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_videos" ADD CONSTRAINT "project_videos_live_check_id_live_checks_id_fk" FOREIGN KEY ("live_check_id") REFERENCES "public"."live_checks"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_videos_project_idx" ON "project_videos" USING btree ("project_id", "created_at");
--> statement-breakpoint
CREATE INDEX "project_videos_live_check_idx" ON "project_videos" USING btree ("live_check_id");
--> statement-breakpoint
CREATE INDEX "project_videos_sha256_idx" ON "project_videos" USING btree ("project_id", "sha256");
