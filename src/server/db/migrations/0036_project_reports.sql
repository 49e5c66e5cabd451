-- Weekly progress reports (docs/decisions/139-weekly-reports.md): a PDF per project, kept in the document store. The
-- Monday schedule makes one per project and week, whichever instance gets there first (the unique index); the office
-- may make more on demand. Clients choose whether the weekly report is emailed to them (a notification kind).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('project_status', 'project_progress', 'project_update', 'milestone_done', 'document_added', 'project_assigned', 'project_requested', 'message', 'inquiry_assigned', 'call_missed', 'announcement', 'live_check_requested', 'live_check_answered', 'weekly_report'));
--> statement-breakpoint
CREATE TABLE "project_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"week_start" text NOT NULL,
	"scheduled" boolean NOT NULL,
	"progress" integer NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"made_by_id" uuid,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "project_reports_week_start_day" CHECK ("week_start" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_made_by_id_users_id_fk" FOREIGN KEY ("made_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_reports_project_idx" ON "project_reports" USING btree ("project_id", "made_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "project_reports_scheduled_week_idx" ON "project_reports" USING btree ("project_id", "week_start") WHERE "scheduled";
