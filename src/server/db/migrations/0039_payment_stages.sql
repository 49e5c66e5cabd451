-- A project's payment schedule (docs/decisions/140-boq-and-contract.md): each stage a fixed amount in kobo or a share
-- of the contract sum in basis points, worked out on each read.
CREATE TABLE "payment_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"amount_kobo" bigint,
	"percent_basis_points" integer,
	"milestone_id" integer,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_stages_amount_or_percent_check" CHECK (("amount_kobo" IS NULL) <> ("percent_basis_points" IS NULL)),
	CONSTRAINT "payment_stages_amount_check" CHECK ("amount_kobo" > 0),
	CONSTRAINT "payment_stages_percent_check" CHECK ("percent_basis_points" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "payment_stages" ADD CONSTRAINT "payment_stages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_stages" ADD CONSTRAINT "payment_stages_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_stages" ADD CONSTRAINT "payment_stages_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payment_stages_project_position_idx" ON "payment_stages" USING btree ("project_id", "position");
