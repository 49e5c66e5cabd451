-- Project, site-diary and message photos are private media, served by /api/media after an access check
-- (their files move from DATA_DIR/uploads to DATA_DIR/media at start: platform/stores.ts).
UPDATE "project_photos" SET "thumb_url" = replace("thumb_url", '/uploads/projects/', '/api/media/projects/'), "gallery_url" = replace("gallery_url", '/uploads/projects/', '/api/media/projects/') WHERE "thumb_url" LIKE '/uploads/projects/%' OR "gallery_url" LIKE '/uploads/projects/%';--> statement-breakpoint
UPDATE "projects" SET "cover_image" = replace("cover_image", '/uploads/projects/', '/api/media/projects/') WHERE "cover_image" LIKE '/uploads/projects/%';--> statement-breakpoint
UPDATE "messages" SET "attachments" = replace("attachments"::text, '"/uploads/messages/', '"/api/media/messages/')::jsonb WHERE "attachments"::text LIKE '%"/uploads/messages/%';
