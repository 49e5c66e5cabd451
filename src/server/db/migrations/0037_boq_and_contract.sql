-- The bill of quantities and the signed contract of a project (docs/decisions/140-boq-and-contract.md): quantities in
-- thousandths, rates in kobo; every amount and total is computed from the lines.
CREATE TABLE "boq_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"bill" text NOT NULL,
	"bill_position" integer NOT NULL,
	"position" integer NOT NULL,
	"ref" text NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"rate_kobo" bigint NOT NULL,
	CONSTRAINT "boq_items_quantity_check" CHECK ("quantity_milli" >= 0),
	CONSTRAINT "boq_items_rate_check" CHECK ("rate_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "boq_items" ADD CONSTRAINT "boq_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "boq_items_project_ref_idx" ON "boq_items" USING btree ("project_id", "ref");
--> statement-breakpoint
CREATE INDEX "boq_items_project_position_idx" ON "boq_items" USING btree ("project_id", "position");
--> statement-breakpoint
CREATE TABLE "project_contracts" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"signed_on" date NOT NULL,
	"retention_basis_points" integer NOT NULL,
	"defects_period_days" integer NOT NULL,
	"recorded_by_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_contracts_retention_check" CHECK ("retention_basis_points" BETWEEN 0 AND 2000),
	CONSTRAINT "project_contracts_defects_period_check" CHECK ("defects_period_days" BETWEEN 0 AND 1095)
);
--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
