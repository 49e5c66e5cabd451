CREATE TABLE "call_members" (
	"call_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rung_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"missed" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"connection_id" text,
	"audio" boolean DEFAULT true NOT NULL,
	"video" boolean DEFAULT false NOT NULL,
	"screen" boolean DEFAULT false NOT NULL,
	CONSTRAINT "call_members_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department" text NOT NULL,
	"media" text NOT NULL,
	"started_by_id" uuid,
	"invited_only" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "call_members" ADD CONSTRAINT "call_members_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_members" ADD CONSTRAINT "call_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_members_user_idx" ON "call_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "call_members_connection_idx" ON "call_members" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "calls_active_idx" ON "calls" USING btree ("ended_at");