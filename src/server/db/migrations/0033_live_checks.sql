-- Live checks (docs/decisions/136-live-checks.md): a client asks the site to show something now, with a 4-digit code
-- written on a card in the answer; each project has its own time to answer (24 hours unless the office says otherwise).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('project_status', 'project_progress', 'project_update', 'milestone_done', 'document_added', 'project_assigned', 'project_requested', 'message', 'inquiry_assigned', 'call_missed', 'announcement', 'live_check_requested', 'live_check_answered'));
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "live_check_hours" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_live_check_hours_check" CHECK ("live_check_hours" BETWEEN 1 AND 168);
--> statement-breakpoint
CREATE TABLE "live_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"requested_by_id" uuid,
	"request" text NOT NULL,
	"code" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_by" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by_id" uuid,
	CONSTRAINT "live_checks_code_digits" CHECK ("code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "live_checks" ADD CONSTRAINT "live_checks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_checks" ADD CONSTRAINT "live_checks_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_checks" ADD CONSTRAINT "live_checks_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_checks_project_idx" ON "live_checks" USING btree ("project_id", "requested_at");
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "live_check_id" integer;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_live_check_id_live_checks_id_fk" FOREIGN KEY ("live_check_id") REFERENCES "public"."live_checks"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_photos_live_check_idx" ON "project_photos" USING btree ("live_check_id");
