CREATE TABLE "active_user_counts" (
	"granularity" text NOT NULL,
	"start" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "active_user_counts_granularity_start_pk" PRIMARY KEY("granularity","start")
);
--> statement-breakpoint
CREATE TABLE "active_users" (
	"granularity" text NOT NULL,
	"start" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "active_users_granularity_start_user_id_pk" PRIMARY KEY("granularity","start","user_id")
);
--> statement-breakpoint
CREATE TABLE "last_sign_ins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_users" ADD CONSTRAINT "active_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_sign_ins" ADD CONSTRAINT "last_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "last_sign_ins_day_idx" ON "last_sign_ins" USING btree ("day");--> statement-breakpoint
-- Each successful sign-in (password, passkey or provider) marks its person active in its UTC day, Monday week and
-- month (a period's figure goes up only when the person is new in it), and moves their latest sign-in day on.
CREATE FUNCTION "mark_user_active"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signed_in_at timestamp := NEW."created_at" AT TIME ZONE 'UTC';
BEGIN
  WITH added AS (
    INSERT INTO "active_users" ("granularity", "start", "user_id")
      SELECT granularity, date_trunc(granularity, signed_in_at)::date, NEW."user_id"
      FROM unnest(ARRAY['day', 'week', 'month']) AS granularity
      ON CONFLICT DO NOTHING
      RETURNING "granularity", "start"
  )
  INSERT INTO "active_user_counts" ("granularity", "start", "total") SELECT "granularity", "start", 1 FROM added
    ON CONFLICT ("granularity", "start") DO UPDATE SET "total" = "active_user_counts"."total" + 1;
  INSERT INTO "last_sign_ins" ("user_id", "day") VALUES (NEW."user_id", signed_in_at::date)
    ON CONFLICT ("user_id") DO UPDATE SET "day" = greatest("last_sign_ins"."day", excluded."day");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sign_in_marks_user_active" AFTER INSERT ON "security_events"
  FOR EACH ROW WHEN (NEW."type" IN ('sign_in', 'identity_sign_in') AND NEW."outcome" = 'success' AND NEW."user_id" IS NOT NULL)
  EXECUTE FUNCTION "mark_user_active"();
--> statement-breakpoint
-- A deleted account's periods (removed with it) count one person fewer, as its sign-ins no longer name it.
CREATE FUNCTION "forget_active_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "active_user_counts" SET "total" = "total" - 1 WHERE "granularity" = OLD."granularity" AND "start" = OLD."start";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "active_user_removed" AFTER DELETE ON "active_users" FOR EACH ROW EXECUTE FUNCTION "forget_active_user"();
--> statement-breakpoint
-- The sign-ins already logged.
INSERT INTO "active_users" ("granularity", "start", "user_id")
  SELECT DISTINCT granularity, date_trunc(granularity, "created_at" AT TIME ZONE 'UTC')::date, "user_id"
  FROM "security_events", unnest(ARRAY['day', 'week', 'month']) AS granularity
  WHERE "type" IN ('sign_in', 'identity_sign_in') AND "outcome" = 'success' AND "user_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "active_user_counts" ("granularity", "start", "total")
  SELECT "granularity", "start", count(*) FROM "active_users" GROUP BY "granularity", "start";
--> statement-breakpoint
INSERT INTO "last_sign_ins" ("user_id", "day")
  SELECT "user_id", max("created_at" AT TIME ZONE 'UTC')::date
  FROM "security_events"
  WHERE "type" IN ('sign_in', 'identity_sign_in') AND "outcome" = 'success' AND "user_id" IS NOT NULL
  GROUP BY "user_id";
