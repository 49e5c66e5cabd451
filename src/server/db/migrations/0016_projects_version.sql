CREATE TABLE "projects_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The projects list cache's key (docs/decisions/104-projects-list-cache.md). No row means no known version: the
-- list is then read from the tables on every request (the tests empty every table between tests).
CREATE SEQUENCE "projects_version_seq";
--> statement-breakpoint
INSERT INTO "projects_version" ("id", "version") VALUES (1, nextval('projects_version_seq'));
--> statement-breakpoint
CREATE FUNCTION "bump_projects_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, from deferred triggers, so at its commit: taking the row's lock last, a transaction never
  -- holds it while waiting for another's rows (no deadlock), and the new version shows with the change it names.
  IF current_setting('crestbuild.projects_version_bumped', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('crestbuild.projects_version_bumped', 'yes', true);
    INSERT INTO "projects_version" ("id", "version") VALUES (1, nextval('projects_version_seq'))
      ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_list_project_changed" AFTER INSERT OR UPDATE OR DELETE ON "projects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_projects_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_list_team_changed" AFTER INSERT OR UPDATE OR DELETE ON "project_team"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_projects_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_list_milestone_changed" AFTER INSERT OR UPDATE OR DELETE ON "milestones"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_projects_version"();
--> statement-breakpoint
-- A list names each project's client and manager with their picture; a deleted person's projects change themselves.
CREATE CONSTRAINT TRIGGER "projects_list_person_renamed" AFTER UPDATE OF "first_name", "last_name", "avatar_url" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_projects_version"();
--> statement-breakpoint
CREATE TRIGGER "projects_list_emptied" AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_projects_version"();
