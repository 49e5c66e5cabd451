-- The first answer to each Idempotency-Key a signed-in person sent, so that a repeat gets it again and runs nothing
-- (docs/decisions/148-idempotency-keys.md). A row is claimed by an insert-or-nothing on (user, key) and kept 24 hours.
CREATE TABLE "idempotent_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL,
	"status_code" integer,
	"response_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_state_check" CHECK ("state" IN ('processing', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotent_requests_user_key_idx" ON "idempotent_requests" USING btree ("user_id","key");
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");
