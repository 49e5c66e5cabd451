-- The structured site diary (weather, workers on site, equipment, delays) and snags: a punch list raised with photos,
-- marked fixed by the team, closed or reopened by the project office or the client (docs/decisions/147-snags.md).
ALTER TABLE "project_updates" ADD COLUMN "weather" text;
--> statement-breakpoint
ALTER TABLE "project_updates" ADD COLUMN "workers_on_site" integer;
--> statement-breakpoint
ALTER TABLE "project_updates" ADD COLUMN "equipment" text;
--> statement-breakpoint
ALTER TABLE "project_updates" ADD COLUMN "delays" text;
--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_weather_check" CHECK ("weather" IN ('sunny', 'cloudy', 'rain', 'storm'));
--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_workers_check" CHECK ("workers_on_site" BETWEEN 0 AND 10000);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('project_status', 'project_progress', 'project_update', 'milestone_done', 'document_added', 'project_assigned', 'project_requested', 'message', 'inquiry_assigned', 'call_missed', 'announcement', 'live_check_requested', 'live_check_answered', 'weekly_report', 'invoice_issued', 'payment_recorded', 'payment_decided', 'snag_raised', 'snag_fixed', 'snag_assigned'));
--> statement-breakpoint
CREATE TABLE "snags" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"title" text NOT NULL,
	"location" text NOT NULL,
	"assignee_id" uuid,
	"due_on" date,
	"status" text DEFAULT 'open' NOT NULL,
	"raised_by_id" uuid,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "snags_status_check" CHECK ("status" IN ('open', 'fixed', 'closed')),
	CONSTRAINT "snags_title_length" CHECK (char_length("title") BETWEEN 1 AND 160),
	CONSTRAINT "snags_location_length" CHECK (char_length("location") BETWEEN 1 AND 160)
);
--> statement-breakpoint
ALTER TABLE "snags" ADD CONSTRAINT "snags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "snags" ADD CONSTRAINT "snags_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "snags" ADD CONSTRAINT "snags_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "snags_project_idx" ON "snags" USING btree ("project_id","raised_at");
--> statement-breakpoint
CREATE TABLE "snag_photos" (
	"snag_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	CONSTRAINT "snag_photos_snag_id_photo_id_pk" PRIMARY KEY("snag_id","photo_id")
);
--> statement-breakpoint
ALTER TABLE "snag_photos" ADD CONSTRAINT "snag_photos_snag_id_snags_id_fk" FOREIGN KEY ("snag_id") REFERENCES "public"."snags"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "snag_photos" ADD CONSTRAINT "snag_photos_photo_id_project_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."project_photos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "snag_photos_photo_idx" ON "snag_photos" USING btree ("photo_id");
--> statement-breakpoint
CREATE TABLE "snag_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"snag_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"changed_by_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "snag_status_changes" ADD CONSTRAINT "snag_status_changes_snag_id_snags_id_fk" FOREIGN KEY ("snag_id") REFERENCES "public"."snags"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "snag_status_changes" ADD CONSTRAINT "snag_status_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "snag_status_changes_snag_idx" ON "snag_status_changes" USING btree ("snag_id","changed_at");
