CREATE TABLE "site_content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The rendered-page cache's key (docs/decisions/034-rendered-page-cache.md): one row, bumped by the triggers below in
-- the same transaction as the change, so every instance sees a new version on its next request.
INSERT INTO "site_content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_site_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An upsert: the row comes back if the table was emptied (the tests empty every table between tests).
  INSERT INTO "site_content_version" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "site_content_version"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "site_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_content"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "services_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
-- Projects change all day in the portal; only those shown (or just taken off) the public portfolio count.
CREATE TRIGGER "portfolio_project_added" AFTER INSERT ON "projects"
  FOR EACH ROW WHEN (NEW."is_portfolio") EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "portfolio_project_changed" AFTER UPDATE ON "projects"
  FOR EACH ROW WHEN (OLD."is_portfolio" OR NEW."is_portfolio") EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "portfolio_project_removed" AFTER DELETE ON "projects"
  FOR EACH ROW WHEN (OLD."is_portfolio") EXECUTE FUNCTION "bump_site_content_version"();
