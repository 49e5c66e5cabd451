-- The evidence photos each valuation line names, drawn under it on the interim certificate
-- (docs/decisions/143-valuation-certificates-with-photos.md).
CREATE TABLE "valuation_line_photos" (
	"valuation_line_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "valuation_line_photos_valuation_line_id_photo_id_pk" PRIMARY KEY("valuation_line_id","photo_id")
);
--> statement-breakpoint
ALTER TABLE "valuation_line_photos" ADD CONSTRAINT "valuation_line_photos_valuation_line_id_valuation_lines_id_fk" FOREIGN KEY ("valuation_line_id") REFERENCES "public"."valuation_lines"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "valuation_line_photos" ADD CONSTRAINT "valuation_line_photos_photo_id_project_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."project_photos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "valuation_line_photos_photo_idx" ON "valuation_line_photos" USING btree ("photo_id");
