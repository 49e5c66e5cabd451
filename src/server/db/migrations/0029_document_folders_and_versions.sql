-- Each document sits in one of five folders (existing ones in Other) and carries its version: a new upload of the same
-- file name in the same folder of a project becomes the next version, and the earlier ones are kept.
ALTER TABLE "project_documents" ADD COLUMN "folder" text DEFAULT 'other' NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_folder_check"
  CHECK ("folder" IN ('contract', 'drawings', 'approvals', 'invoices', 'other'));
--> statement-breakpoint
ALTER TABLE "project_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Documents uploaded before versions each stay version 1 of their own: equal names are numbered by upload order.
UPDATE "project_documents" AS "d"
SET "version" = "numbered"."version"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "project_id", lower("file_name") ORDER BY "created_at", "id") AS "version"
  FROM "project_documents"
) AS "numbered"
WHERE "d"."id" = "numbered"."id" AND "numbered"."version" <> 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "project_documents_version_idx" ON "project_documents" USING btree ("project_id", "folder", lower("file_name"), "version");
