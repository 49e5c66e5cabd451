CREATE TABLE "not_me_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"event_id" integer,
	"event_at" timestamp with time zone NOT NULL,
	"restore_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "not_me_links" ADD CONSTRAINT "not_me_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "not_me_links_token_idx" ON "not_me_links" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "not_me_links_user_idx" ON "not_me_links" USING btree ("user_id");
--> statement-breakpoint
-- The links of the earlier kind (one shared code per account, replaced by each notice) stop working: the account's
-- owner can still choose a new password from the sign-in page.
DELETE FROM "one_time_codes" WHERE "purpose" = 'not_me';
