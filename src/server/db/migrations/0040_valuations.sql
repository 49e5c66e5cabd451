-- Interim valuations (docs/decisions/142-valuations-certified-once.md): the quantity done to date of each BOQ item or
-- approved variation line; values, retention and the amount due are computed from them.
CREATE TABLE "valuations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"as_at" date NOT NULL,
	"materials_on_site_kobo" bigint DEFAULT 0 NOT NULL,
	"prepared_by_id" uuid,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"certified_by_id" uuid,
	"certified_at" timestamp with time zone,
	CONSTRAINT "valuations_materials_check" CHECK ("materials_on_site_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "valuations" ADD CONSTRAINT "valuations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "valuations" ADD CONSTRAINT "valuations_prepared_by_id_users_id_fk" FOREIGN KEY ("prepared_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "valuations" ADD CONSTRAINT "valuations_certified_by_id_users_id_fk" FOREIGN KEY ("certified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "valuations_project_number_idx" ON "valuations" USING btree ("project_id", "number");
--> statement-breakpoint
CREATE TABLE "valuation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"valuation_id" integer NOT NULL,
	"boq_item_id" integer,
	"variation_line_id" integer,
	"quantity_milli" bigint NOT NULL,
	CONSTRAINT "valuation_lines_one_subject_check" CHECK (("boq_item_id" IS NULL) <> ("variation_line_id" IS NULL)),
	CONSTRAINT "valuation_lines_quantity_check" CHECK ("quantity_milli" >= 0)
);
--> statement-breakpoint
ALTER TABLE "valuation_lines" ADD CONSTRAINT "valuation_lines_valuation_id_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."valuations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "valuation_lines" ADD CONSTRAINT "valuation_lines_boq_item_id_boq_items_id_fk" FOREIGN KEY ("boq_item_id") REFERENCES "public"."boq_items"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "valuation_lines" ADD CONSTRAINT "valuation_lines_variation_line_id_variation_lines_id_fk" FOREIGN KEY ("variation_line_id") REFERENCES "public"."variation_lines"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "valuation_lines_valuation_idx" ON "valuation_lines" USING btree ("valuation_id");
