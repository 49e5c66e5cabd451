-- What a passkey challenge may be answered for (docs/decisions/112-step-up-proof.md): signing in, adding a passkey
-- (handed out only after the step-up proof) or proving it is the user.
ALTER TABLE "passkey_challenges" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;
--> statement-breakpoint
UPDATE "passkey_challenges" SET "purpose" = 'add' WHERE "user_id" IS NOT NULL;
