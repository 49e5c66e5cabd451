-- A client's project is shown on the public site only with its client's agreement, recorded with who gave it and when
-- (docs/decisions/120-portfolio-consent.md). The company's own records (no client) need none.
ALTER TABLE "projects" ADD COLUMN "portfolio_consent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "portfolio_consent_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- No client has agreed yet: their projects leave the public site until they do (Digital Marketing then shows them again).
UPDATE "projects" SET "is_portfolio" = false WHERE "is_portfolio" AND "client_id" IS NOT NULL;
