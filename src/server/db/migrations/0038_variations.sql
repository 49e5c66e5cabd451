-- Variations of a signed contract (docs/decisions/141-variations-approved-by-the-client.md): raised by the project
-- office, binding once the client approves with a fresh proof; lines with negative quantities are omissions.
CREATE TABLE "variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"reason" text NOT NULL,
	"days_added" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"raised_by_id" uuid,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"decided_from_address" text,
	"decided_from_device" text,
	CONSTRAINT "variations_status_check" CHECK ("status" IN ('pending', 'approved', 'declined')),
	CONSTRAINT "variations_days_added_check" CHECK ("days_added" BETWEEN -365 AND 3650)
);
--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "variations_project_number_idx" ON "variations" USING btree ("project_id", "number");
--> statement-breakpoint
CREATE TABLE "variation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"variation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"rate_kobo" bigint NOT NULL,
	CONSTRAINT "variation_lines_rate_check" CHECK ("rate_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "variation_lines" ADD CONSTRAINT "variation_lines_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "variation_lines_variation_idx" ON "variation_lines" USING btree ("variation_id", "position");
