-- Sign-in failures are counted per account and address, per account and per address (an IPv6 address by its /64):
-- the counters of the old keys mean something else, and last 15 minutes, so they are dropped.
DELETE FROM "sign_in_attempts";
--> statement-breakpoint
-- A refused counter is logged once per window, however many attempts it refuses.
ALTER TABLE "sign_in_attempts" ADD COLUMN "refusal_logged_at" timestamp with time zone;
