CREATE TABLE "list_versions" (
	"list" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The keys of the list caches (docs/decisions/104-list-caches.md). No row for a list means no known version: that list
-- is then read from the tables on every request (the tests empty every table between tests).
CREATE SEQUENCE "list_version_seq";
--> statement-breakpoint
INSERT INTO "list_versions" ("list", "version") VALUES
  ('projects', nextval('list_version_seq')), ('inquiries', nextval('list_version_seq')), ('conversations', nextval('list_version_seq'));
--> statement-breakpoint
CREATE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped text := 'crestbuild.list_bumped_' || TG_ARGV[0];
BEGIN
  -- Once per transaction and list, from deferred triggers, so at its commit: taking the row's lock last, a transaction
  -- never holds it while waiting for another's rows (no deadlock), and the new version shows with the change it names.
  IF current_setting(bumped, true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config(bumped, 'yes', true);
    INSERT INTO "list_versions" ("list", "version") VALUES (TG_ARGV[0], nextval('list_version_seq'))
      ON CONFLICT ("list") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The projects list: a project, its team, its milestones, and the client's and manager's names and pictures.
CREATE CONSTRAINT TRIGGER "projects_list_project_changed" AFTER INSERT OR UPDATE OR DELETE ON "projects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('projects');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_list_team_changed" AFTER INSERT OR UPDATE OR DELETE ON "project_team"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('projects');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "projects_list_milestone_changed" AFTER INSERT OR UPDATE OR DELETE ON "milestones"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('projects');
--> statement-breakpoint
-- A deleted person's projects and inquiries change themselves (their foreign keys set null).
CREATE CONSTRAINT TRIGGER "projects_list_person_renamed" AFTER UPDATE OF "first_name", "last_name", "avatar_url" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('projects');
--> statement-breakpoint
CREATE TRIGGER "projects_list_emptied" AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"('projects');
--> statement-breakpoint
-- The inquiries inbox: an inquiry, its assignee's name and department, the reference and title of its project.
CREATE CONSTRAINT TRIGGER "inquiries_list_inquiry_changed" AFTER INSERT OR UPDATE OR DELETE ON "contact_inquiries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('inquiries');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inquiries_list_assignee_changed" AFTER UPDATE OF "first_name", "last_name", "department" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('inquiries');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "inquiries_list_project_renamed" AFTER UPDATE OF "reference", "title" ON "projects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('inquiries');
--> statement-breakpoint
CREATE TRIGGER "inquiries_list_emptied" AFTER TRUNCATE ON "contact_inquiries"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"('inquiries');
--> statement-breakpoint
-- The conversations list: a conversation, who takes part, who read what, a message; the projects and teams that
-- decide whose list a project's conversation is on, and its title; the names, pictures, roles and departments shown.
CREATE CONSTRAINT TRIGGER "conversations_list_conversation_changed" AFTER INSERT OR UPDATE OR DELETE ON "conversations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_participant_changed" AFTER INSERT OR UPDATE OR DELETE ON "conversation_participants"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_read" AFTER INSERT OR UPDATE OR DELETE ON "conversation_reads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_message_changed" AFTER INSERT OR UPDATE OR DELETE ON "messages"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_team_changed" AFTER INSERT OR UPDATE OR DELETE ON "project_team"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_project_added" AFTER INSERT OR DELETE ON "projects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_project_changed" AFTER UPDATE OF "title", "client_id", "manager_id" ON "projects"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "conversations_list_person_changed" AFTER UPDATE OF "first_name", "last_name", "avatar_url", "role", "department" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_list_version"('conversations');
--> statement-breakpoint
CREATE TRIGGER "conversations_list_emptied" AFTER TRUNCATE ON "conversations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_list_version"('conversations');
