-- Photo points (docs/decisions/138-photo-points.md): fixed viewpoints on a site, named by the project office; the
-- photos taken from one form its series (side by side, before and after, a time-lapse). timelapse_key names the
-- time-lapse last made of the series, kept with the documents so that it is not made again for every request.
CREATE TABLE "photo_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"bearing" integer,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"timelapse_key" text,
	CONSTRAINT "photo_points_name_length" CHECK (char_length("name") BETWEEN 1 AND 80),
	CONSTRAINT "photo_points_position" CHECK (("latitude" IS NULL) = ("longitude" IS NULL) AND "latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180),
	CONSTRAINT "photo_points_bearing" CHECK ("bearing" BETWEEN 0 AND 359)
);
--> statement-breakpoint
ALTER TABLE "photo_points" ADD CONSTRAINT "photo_points_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "photo_points" ADD CONSTRAINT "photo_points_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "photo_points_project_name_idx" ON "photo_points" USING btree ("project_id", lower("name"));
--> statement-breakpoint
ALTER TABLE "project_photos" ADD COLUMN "photo_point_id" integer;
--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_photo_point_id_photo_points_id_fk" FOREIGN KEY ("photo_point_id") REFERENCES "public"."photo_points"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_photos_photo_point_idx" ON "project_photos" USING btree ("photo_point_id", "created_at");
